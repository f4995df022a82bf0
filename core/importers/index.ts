import { SimlabError } from '../contract/envelope.js';
import type { Screen } from '../model/screen.js';
import { importAndroidXml } from './android-xml.js';
import { importCdpAx } from './cdp-ax.js';
import { decodeDump } from './decode-dump.js';
import { detectFormat } from './detect-format.js';
import { isTreeFormat, type TreeFormat } from './formats.js';
import { importIdbJson } from './idb-json.js';
import type { ImportOptions, Importer } from './import-options.js';
import { importIosXml } from './ios-xml.js';
import { isJsonObject, parseJson } from './json-text.js';
import { importMaestroJson } from './maestro-json.js';
import { unknownFormat } from './parse-error.js';
import { importRico } from './rico.js';
import { importWdaJson } from './wda-json.js';

export { decodeDump, dumpEncoding } from './decode-dump.js';
export { detectFormat } from './detect-format.js';
export { TREE_FORMATS, TREE_FORMAT_DESCRIPTIONS, isTreeFormat, type TreeFormat } from './formats.js';
export type { ImportOptions, Importer } from './import-options.js';

export interface ImportScreenOptions extends ImportOptions {
  /** Skip detection and read the text as this format. */
  format?: TreeFormat;
  /** Decode bytes as this encoding (a WHATWG label) instead of finding it (see decodeDump). */
  encoding?: string;
}

const IMPORTERS: Record<TreeFormat, Importer> = {
  'android-xml': importAndroidXml,
  rico: importRico,
  'ios-xml': importIosXml,
  'idb-json': importIdbJson,
  'cdp-ax': importCdpAxText,
  'maestro-json': importMaestroJson,
  'wda-json': importWdaJson,
};

/** Broken JSON is reported with its line and column first, as for every other format. */
function importCdpAxText(text: string): Screen {
  parseJson(text, 'cdp-ax');
  return importCdpAx(text);
}

/**
 * What the tools that save a dump write around it. `maestro hierarchy > file` saves the CLI's
 * `Running on <device>` line ahead of the JSON, and on iOS some CLI versions a further line
 * (`None: `) before its opening brace. `adb exec-out uiautomator dump /dev/tty` ends the XML
 * with `UI hierchary dumped to: /dev/tty` (its spelling). `adb shell` on old Androids puts the
 * linker's `WARNING: linker: ...` lines first. All of it is blanked, not cut, so a broken
 * document's line and column still point into the file as saved.
 */
const CHATTER = [
  /^Running on [^\n]*\n(?:[^{\n][^\n]*\n)*/,
  /^(?:WARNING: linker: [^\n]*\n)+/,
  // After the document's last tag: a label on screen may quote the message (a terminal's output).
  /UI hier\w* dumped to: [^\n<>]*\s*$/,
];

const blank = (text: string): string => text.replace(/[^\n]/g, ' ');

/**
 * The XML page source inside a WebDriver answer (`curl .../session/<id>/source` from Appium
 * saves `{"value": "<?xml ...", "sessionId": ...}`); a broken one is then placed in that XML.
 */
function webDriverPageSource(text: string): string | undefined {
  if (!/^\s*\{/.test(text) || !/"value"\s*:\s*"\s*</.test(text)) return undefined;
  try {
    const answer: unknown = JSON.parse(text);
    // A WDA element (`type`) may hold a value of its own that starts with <.
    const source = isJsonObject(answer) && !('type' in answer) ? answer.value : undefined;
    return typeof source === 'string' && source.trimStart().startsWith('<') ? source : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A raw UI tree (any of TREE_FORMATS, detected unless `format` is given) as a normalized
 * Screen: frames in points, roles, labels, states and actions, every node `source: 'ax'`.
 * Bytes are decoded first (see decodeDump). Not cleaned: invisible and layout-only nodes are
 * still there (see cleanScreen).
 * Malformed input throws SimlabError INVALID_ARGS with {format, line, column, offset}.
 */
export function importScreen(dump: string | Uint8Array, options: ImportScreenOptions = {}): Screen {
  const text = dump instanceof Uint8Array ? decodeDump(dump, options.encoding) : dump;
  if (typeof text !== 'string') throw new SimlabError('INVALID_ARGS', 'the tree must be text');
  const saved = CHATTER.reduce((t, noise) => t.replace(noise, blank), text.replace(/^\uFEFF/, ''));
  const body = webDriverPageSource(saved) ?? saved;
  const format = options.format ?? detectFormat(body);
  if (!isTreeFormat(format)) throw unknownFormat(`unknown tree format ${JSON.stringify(format)}`);
  return IMPORTERS[format](body, options);
}
