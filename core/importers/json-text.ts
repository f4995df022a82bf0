import type { TreeFormat } from './formats.js';
import { jsonErrorOffset } from './json-error-offset.js';
import { invalidTree, positionOfOffset } from './parse-error.js';

/** JSON.parse that reports where a malformed or truncated document broke. */
export function parseJson(text: string, format: TreeFormat): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = /position (\d+)/.exec(message);
    const offset = at?.[1] !== undefined ? Number(at[1]) : jsonErrorOffset(text);
    // V8 quotes the whole text in some messages: the place is what matters.
    const what = message.replace(/, ".*" is not valid JSON$/s, '');
    throw invalidTree(format, text, positionOfOffset(text, offset), what);
  }
}

/** A JSON object (not an array, not null). */
export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string with something in it; an empty one says nothing. */
export const nonEmptyString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
