import type { Size } from '../../core/model/geometry.js';

export interface TimedPoint {
  x: number;
  y: number;
  t: number;
}

/** The most points one finger may carry in a `perform` command. */
const MAX_POINTS = 5000;
/** Below this many CSS pixels of movement a press is a tap or a long press, not a drag. */
export const DRAG_SLOP_PX = 6;
/** A press held this long without moving is a long press. */
export const LONG_PRESS_MS = 450;

const round = (n: number) => Math.round(n * 10) / 10;

/** A position in the stream element (CSS pixels) as device points. */
export function toDevicePoint(clientX: number, clientY: number, box: DOMRect, size: Size): { x: number; y: number } {
  const x = ((clientX - box.left) / box.width) * size.w;
  const y = ((clientY - box.top) / box.height) * size.h;
  return { x: round(Math.min(size.w - 0.1, Math.max(0, x))), y: round(Math.min(size.h - 0.1, Math.max(0, y))) };
}

/** Keeps a path within the command's limit, keeping its first and last points. */
export function thin(points: TimedPoint[]): TimedPoint[] {
  if (points.length <= MAX_POINTS) return points;
  const step = (points.length - 1) / (MAX_POINTS - 1);
  return Array.from({ length: MAX_POINTS }, (_, i) => points[Math.round(i * step)] as TimedPoint);
}

export interface Centre {
  x: number;
  y: number;
}

interface Framed {
  visibleFrame: { x: number; y: number; w: number; h: number };
}

/**
 * Where an Alt-drag pinches or rotates around: the centre of the smallest element under the press
 * that covers at least a sixteenth of the screen (a photo viewer, a map), else the screen's centre.
 * Both fingers then start on the element that is meant to receive the gesture.
 */
export function gestureCentre(elements: Framed[], x: number, y: number, size: Size): Centre {
  let best: Framed | null = null;
  for (const e of elements) {
    const f = e.visibleFrame;
    if (x < f.x || y < f.y || x > f.x + f.w || y > f.y + f.h || f.w * f.h < (size.w * size.h) / 16) continue;
    if (!best || f.w * f.h < best.visibleFrame.w * best.visibleFrame.h) best = e;
  }
  if (!best) return { x: size.w / 2, y: size.h / 2 };
  const f = best.visibleFrame;
  return { x: round(f.x + f.w / 2), y: round(f.y + f.h / 2) };
}

/** The second finger of an Alt-drag: the first one mirrored around the centre. */
export function mirrored(points: TimedPoint[], c: Centre): TimedPoint[] {
  const cx = c.x;
  const cy = c.y;
  return points.map((p) => ({ x: round(2 * cx - p.x), y: round(2 * cy - p.y), t: p.t }));
}

/**
 * A Shift+Alt-drag: both fingers stay at the distance the first one started at and follow only
 * the angle of the pointer around the centre, so the gesture is a pure rotation.
 */
export function rotation(points: TimedPoint[], c: Centre): [TimedPoint[], TimedPoint[]] {
  const cx = c.x;
  const cy = c.y;
  const first = points[0] as TimedPoint;
  const r = Math.max(20, Math.hypot(first.x - cx, first.y - cy));
  const a: TimedPoint[] = [];
  const b: TimedPoint[] = [];
  for (const p of points) {
    const angle = Math.atan2(p.y - cy, p.x - cx);
    const dx = r * Math.cos(angle);
    const dy = r * Math.sin(angle);
    a.push({ x: round(cx + dx), y: round(cy + dy), t: p.t });
    b.push({ x: round(cx - dx), y: round(cy - dy), t: p.t });
  }
  return [a, b];
}

/** The innermost element under a point: the smallest visible frame that contains it. */
export function elementAt<E extends { index: number; visibleFrame: { x: number; y: number; w: number; h: number } }>(elements: E[], x: number, y: number): E | null {
  let best: E | null = null;
  for (const e of elements) {
    const f = e.visibleFrame;
    if (x < f.x || y < f.y || x > f.x + f.w || y > f.y + f.h) continue;
    if (!best || f.w * f.h < best.visibleFrame.w * best.visibleFrame.h) best = e;
  }
  return best;
}
