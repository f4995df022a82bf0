import { SimlabError } from '../contract/envelope.js';

/** `<?xml ... encoding="..."?>` at the start of an ASCII-compatible text. */
const DECLARED_ENCODING = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/;

/** How far into the bytes the XML declaration is looked for. */
const DECLARATION_BYTES = 256;

function bomEncoding(b: Uint8Array): string | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** UTF-16 without a mark still shows in its first character (`<`, `{`, `[`): one byte of it is zero. */
function unmarkedUtf16(b: Uint8Array): string | undefined {
  if (b.length < 2) return undefined;
  if (b[0] !== 0 && b[1] === 0) return 'utf-16le';
  if (b[0] === 0 && b[1] !== 0) return 'utf-16be';
  return undefined;
}

/** The XML declaration's encoding when the platform can decode it (a UTF-16 one contradicts the bytes it was read from). */
function declaredEncoding(b: Uint8Array): string | undefined {
  const head = String.fromCharCode(...b.subarray(0, DECLARATION_BYTES));
  const label = DECLARED_ENCODING.exec(head)?.[1];
  if (label === undefined) return undefined;
  try {
    const encoding = new TextDecoder(label).encoding;
    return encoding.startsWith('utf-16') ? undefined : encoding;
  } catch {
    return undefined;
  }
}

/**
 * A dump's bytes as text, its encoding found as an XML reader finds it (XML 1.0, appendix F):
 * a byte-order mark first (PowerShell's `>` saves UTF-16LE with one, whatever the declaration
 * says), then UTF-16 told by its zero bytes, then the XML declaration's encoding where the
 * platform's TextDecoder knows it, else UTF-8. Bytes invalid in that encoding read as U+FFFD:
 * one garbled label costs less than the whole screen, and a tree broken beyond reading is
 * still refused by its parser with the place where it broke. A named `encoding` overrides all
 * of it, for files whose declaration lies (a script that saved UTF-8 text in GBK, say).
 */
export function decodeDump(bytes: Uint8Array, encoding?: string): string {
  return namedDecoder(encoding ?? dumpEncoding(bytes)).decode(bytes);
}

/** The encoding decodeDump finds for these bytes (a WHATWG encoding name). */
export function dumpEncoding(bytes: Uint8Array): string {
  return bomEncoding(bytes) ?? unmarkedUtf16(bytes) ?? declaredEncoding(bytes) ?? 'utf-8';
}

function namedDecoder(encoding: string): TextDecoder {
  try {
    return new TextDecoder(encoding);
  } catch {
    throw new SimlabError('INVALID_ARGS', `unknown text encoding ${JSON.stringify(encoding)}`, {
      hint: 'name a WHATWG encoding label such as utf-8, utf-16le, gbk, shift_jis or windows-1251',
      details: { encoding },
    });
  }
}
