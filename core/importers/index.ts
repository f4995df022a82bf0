import { SimlabError } from '../contract/envelope.js';
import type { Screen } from '../model/screen.js';
import { importAndroidXml } from './android-xml.js';
import { importCdpAx } from './cdp-ax.js';
import { detectFormat } from './detect-format.js';
import { isTreeFormat, type TreeFormat } from './formats.js';
import { importIdbJson } from './idb-json.js';
import type { ImportOptions, Importer } from './import-options.js';
import { importIosXml } from './ios-xml.js';
import { parseJson } from './json-text.js';
import { importMaestroJson } from './maestro-json.js';
import { unknownFormat } from './parse-error.js';
import { importRico } from './rico.js';
import { importWdaJson } from './wda-json.js';

export { detectFormat } from './detect-format.js';
export { TREE_FORMATS, TREE_FORMAT_DESCRIPTIONS, isTreeFormat, type TreeFormat } from './formats.js';
export type { ImportOptions, Importer } from './import-options.js';

export interface ImportScreenOptions extends ImportOptions {
  /** Skip detection and read the text as this format. */
  format?: TreeFormat;
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
 * `maestro hierarchy > file` saves the CLI's `Running on <device>` line ahead of the JSON, and on
 * iOS some CLI versions a further line (`None: `) before its opening brace. Those lines are
 * blanked, not cut, so a broken document's line and column still point into the file as saved.
 */
const MAESTRO_BANNER = /^Running on [^\n]*\n(?:[^{\n][^\n]*\n)*/;

/**
 * A raw UI tree (any of TREE_FORMATS, detected unless `format` is given) as a normalized
 * Screen: frames in points, roles, labels, states and actions, every node `source: 'ax'`.
 * Not cleaned: invisible and layout-only nodes are still there (see cleanScreen).
 * Malformed input throws SimlabError INVALID_ARGS with {format, line, column, offset}.
 */
export function importScreen(text: string, options: ImportScreenOptions = {}): Screen {
  if (typeof text !== 'string') throw new SimlabError('INVALID_ARGS', 'the tree must be text');
  const body = text.replace(/^\uFEFF/, '').replace(MAESTRO_BANNER, (banner) => banner.replace(/[^\n]/g, ' '));
  const format = options.format ?? detectFormat(body);
  if (!isTreeFormat(format)) throw unknownFormat(`unknown tree format ${JSON.stringify(format)}`);
  return IMPORTERS[format](body, options);
}
