import type { Rect } from '../model/geometry.js';
import type { ListAxis } from './types.js';

/** Edges within this many points count as aligned (rounding of bounds, a hairline border). */
const EDGE_TOLERANCE = 2;

/** Two edges at the same place, within EDGE_TOLERANCE. */
export const aligned = (a: number, b: number): boolean => Math.abs(a - b) <= EDGE_TOLERANCE;

/** Start and length of a rectangle along an axis ('vertical' lists run along y). */
export function along(r: Rect, axis: ListAxis): [number, number] {
  return axis === 'vertical' ? [r.y, r.h] : [r.x, r.w];
}

/** Start and length across an axis (x and width for a vertical list). */
export function across(r: Rect, axis: ListAxis): [number, number] {
  return axis === 'vertical' ? [r.x, r.w] : [r.y, r.h];
}

/** Overlap of two intervals over their union: 1 when they are the same, 0 when apart. */
export function intervalIou(a: [number, number], b: [number, number]): number {
  const inter = Math.min(a[0] + a[1], b[0] + b[1]) - Math.max(a[0], b[0]);
  if (inter <= 0) return 0;
  const union = Math.max(a[0] + a[1], b[0] + b[1]) - Math.min(a[0], b[0]);
  return union > 0 ? inter / union : 0;
}

/** Overlap of two intervals, as a share of the shorter one. */
export function intervalOverlap(a: [number, number], b: [number, number]): number {
  const inter = Math.min(a[0] + a[1], b[0] + b[1]) - Math.max(a[0], b[0]);
  const shorter = Math.min(a[1], b[1]);
  return inter > 0 && shorter > 0 ? inter / shorter : 0;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  if (s.length === 0) return 0;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Within `tolerance` (a fraction) of `reference`. */
export function near(value: number, reference: number, tolerance: number): boolean {
  return Math.abs(value - reference) <= tolerance * Math.max(Math.abs(reference), 1e-9);
}

export function union(rects: readonly Rect[]): Rect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.w));
  const bottom = Math.max(...rects.map((r) => r.y + r.h));
  return { x, y, w: right - x, h: bottom - y };
}
