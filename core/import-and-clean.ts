import { cleanScreen } from './clean/index.js';
import { importScreen, type ImportScreenOptions } from './importers/index.js';
import type { Screen } from './model/screen.js';

/** A raw UI tree as the screen an agent sees: importScreen, then cleanScreen. */
export function parseScreen(dump: string | Uint8Array, options: ImportScreenOptions = {}): Screen {
  return cleanScreen(importScreen(dump, options));
}
