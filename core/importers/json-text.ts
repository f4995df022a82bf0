import type { TreeFormat } from './formats.js';
import { invalidTree, positionOfOffset } from './parse-error.js';

/** JSON.parse that reports where a malformed or truncated document broke. */
export function parseJson(text: string, format: TreeFormat): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = /position (\d+)/.exec(message);
    // V8 names no position when the input simply ends: that is the end of the text.
    const offset = at?.[1] !== undefined ? Number(at[1]) : text.length;
    throw invalidTree(format, text, positionOfOffset(text, offset), message);
  }
}
