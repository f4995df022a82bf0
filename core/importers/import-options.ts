import { SimlabError } from '../contract/envelope.js';
import type { Screen } from '../model/screen.js';

export interface ImportOptions {
  /** Device pixels per point; each format has a default (see its importer). */
  scale?: number;
}

/** One format's importer: raw text in, a normalized (not yet cleaned) screen out. */
export type Importer = (text: string, options: ImportOptions) => Screen;

/** The scale a caller passed, checked; undefined when none was given. */
export function requestedScale(options: ImportOptions): number | undefined {
  const { scale } = options;
  if (scale === undefined) return undefined;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0) {
    throw new SimlabError('INVALID_ARGS', `scale must be a positive number of device pixels per point, got ${String(scale)}`, {
      details: { scale },
    });
  }
  return scale;
}
