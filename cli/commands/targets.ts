import type { TargetArg } from '../../core/wire/selectors.js';

const POINT = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** `x,y` in points, or undefined when the text is not a point. */
export function parsePoint(text: string): { x: number; y: number } | undefined {
  const m = POINT.exec(text);
  if (!m) return undefined;
  return { x: Number(m[1]), y: Number(m[2]) };
}

/** A target as typed: `100,200` is a point, anything else a selector (`@7`, `#3`, `#login`, `text="OK"`). */
export function parseTarget(text: string): TargetArg {
  return parsePoint(text) ?? text;
}

export type TargetChoice = { ok: true; target: TargetArg } | { ok: false; message: string };

/** A target from a positional selector or `--xy x,y`; a usage message when neither or both were given. */
export function targetFrom(selector: string | undefined, xy: string | undefined): TargetChoice {
  if (selector !== undefined && xy !== undefined) return { ok: false, message: 'give a selector or --xy, not both' };
  if (xy !== undefined) {
    const point = parsePoint(xy);
    return point ? { ok: true, target: point } : { ok: false, message: `--xy wants "x,y" in points, got "${xy}"` };
  }
  if (selector !== undefined) return { ok: true, target: parseTarget(selector) };
  return { ok: false, message: 'give a target: a selector (@7, "#3", "#login", text="OK") or --xy x,y' };
}
