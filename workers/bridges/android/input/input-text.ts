// Text for `input text`, escaped exactly. Two layers decode what we send:
// 1. the device's /system/bin/sh: one single-quoted word carries every byte literally
//    (a `'` is closed, escaped and reopened), so no character can start a command;
// 2. Android's InputShellCommand.sendText: `%s` becomes a space and nothing else is
//    unescaped, so a space is sent as `%s`, and a literal `%` directly followed by a literal
//    `s` (which no escape can protect) is split across two `input text` calls.
// The virtual keyboard's KeyCharacterMap types printable ASCII plus tab and newline (as
// the Tab and Enter keys); anything else cannot be carried and is UNSUPPORTED.
import { SimlabError } from '../../../../core/contract/index.js';

const TYPEABLE = /^[\x20-\x7e\t\n]*$/;

/** A word the device's sh reads back as exactly `text`. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Why `input text` cannot carry this text, or undefined when it can. */
export function untypeableReason(text: string): string | undefined {
  if (TYPEABLE.test(text)) return undefined;
  const bad = [...text].find((c) => !TYPEABLE.test(c)) as string;
  const code = `U+${(bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return `\`input text\` types printable ASCII, tab and newline only; ${JSON.stringify(bad)} (${code}) has no key on Android's virtual keyboard`;
}

/** Characters of text per `input text` call, so a command line stays far below old devices' 4 KiB ADB payload. */
const CHARS_PER_CALL = 200;
/** `input text` calls per command line. */
const CALLS_PER_LINE = 5;

/** The arguments of the `input text` calls that type `text` (none for the empty string). */
export function inputTextArgs(text: string): string[] {
  const reason = untypeableReason(text);
  if (reason) {
    throw new SimlabError('UNSUPPORTED', reason, {
      hint: 'type ASCII text; other characters need an input method on the device',
      details: { capability: 'type' },
    });
  }
  // Split between a `%` and a following `s`, and into bounded chunks: each part then decodes on its own.
  const parts = text.split(/(?<=%)(?=s)/).flatMap((part) => part.match(new RegExp(`[^]{1,${CHARS_PER_CALL}}`, 'g')) ?? []);
  return parts.map((part) => part.replace(/ /g, '%s'));
}

/** The command lines that type `text`, each a few `input text` calls joined with `&&`. */
export function inputTextCommands(text: string): string[] {
  const calls = inputTextArgs(text).map((a) => `input text ${shQuote(a)}`);
  const lines: string[] = [];
  for (let i = 0; i < calls.length; i += CALLS_PER_LINE) lines.push(calls.slice(i, i + CALLS_PER_LINE).join(' && '));
  return lines;
}
