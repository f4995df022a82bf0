import { readFileSync, statSync } from 'node:fs';
import { SimlabError } from '../../core/contract/envelope.js';
import { cleanScreen } from '../../core/clean/index.js';
import { dumpEncoding, importScreen } from '../../core/importers/index.js';
import type { TreeFormat } from '../../core/importers/index.js';
import type { Screen } from '../../core/model/screen.js';

/** Dumps larger than this are refused rather than read whole into memory. */
const MAX_DUMP_BYTES = 64 * 1024 * 1024;

export interface DumpOptions {
  format?: TreeFormat;
  scale?: number;
  /** The dump's text encoding, when its bytes and declaration do not tell it (see decodeDump). */
  encoding?: string;
}

/** The raw bytes: the importer decodes them, as saved (BOM, UTF-16, the XML declaration). */
function readBytes(path: string): Buffer {
  try {
    // `-` is standard input, so a dump can be piped straight in (`adb exec-out uiautomator dump /dev/tty`).
    if (path === '-') return readFileSync(0);
    const size = statSync(path).size;
    if (size > MAX_DUMP_BYTES) {
      throw new SimlabError('INVALID_ARGS', `${path} is ${size} bytes; dumps above ${MAX_DUMP_BYTES} bytes are refused`);
    }
    return readFileSync(path);
  } catch (err) {
    if (err instanceof SimlabError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : String((err as Error).message);
    throw new SimlabError('INVALID_ARGS', `cannot read ${path}: ${why}`, { hint: 'pass a captured UI tree dump with --file', details: { file: path, ...(code ? { errno: code } : {}) } });
  }
}

/**
 * Bytes invalid in the encoding found read as U+FFFD; a note on stderr says so and how to name the
 * right one, since a script that saved a UTF-8 page source in GBK still declares UTF-8.
 */
function noteUnreadableBytes(path: string, bytes: Uint8Array): void {
  const encoding = dumpEncoding(bytes);
  try {
    new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    process.stderr.write(`note: ${path} is not valid ${encoding}: its unreadable bytes show as \uFFFD; name its encoding with --encoding (gbk, shift_jis, windows-1251...)\n`);
  }
}

/** A captured UI tree file as the cleaned screen an outline is built from. */
export function readDump(path: string, options: DumpOptions = {}): Screen {
  const bytes = readBytes(path);
  if (options.encoding === undefined) noteUnreadableBytes(path, bytes);
  try {
    return cleanScreen(importScreen(bytes, options));
  } catch (err) {
    if (err instanceof SimlabError) {
      throw new SimlabError(err.code, `${path}: ${err.message}`, { ...err.options, details: { file: path, ...err.options.details } });
    }
    throw err;
  }
}
