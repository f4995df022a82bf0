import { SimlabError } from '../../../core/contract/index.js';
import type { FingerPath, TouchTimeline } from '../../../core/gestures/timeline.js';
import type { Point } from '../../../core/model/index.js';

/** What a one-finger tool can play: a tap, a press held in place, or a straight stroke. */
export type Stroke =
  | { kind: 'tap'; at: number; point: Point }
  | { kind: 'press'; at: number; point: Point; ms: number }
  | { kind: 'line'; at: number; from: Point; to: Point; ms: number };

/** Longest touch still played as a plain tap. */
const TAP_MS = 150;
/** How far a point may sit from the stroke's line and still count as on it. */
const LINE_TOLERANCE = 1.5;

function distanceToLine(p: Point, a: Point, b: Point): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  return Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / len;
}

function strokeOf(path: FingerPath): Stroke {
  const first = path.points[0];
  const last = path.points[path.points.length - 1];
  if (!first || !last) throw new SimlabError('INVALID_ARGS', 'a finger path needs at least one point');
  const ms = last.t - first.t;
  const moved = path.points.some((p) => Math.hypot(p.x - first.x, p.y - first.y) > LINE_TOLERANCE);
  if (!moved) return ms <= TAP_MS ? { kind: 'tap', at: first.t, point: first } : { kind: 'press', at: first.t, point: first, ms };
  if (path.points.some((p) => distanceToLine(p, first, last) > LINE_TOLERANCE)) {
    throw new SimlabError('UNSUPPORTED', 'this path bends, and without the native helper an iOS simulator takes only straight strokes', {
      hint: 'build native/ios on the Mac host (see the README) for paths of any shape',
      details: { capability: 'paths' },
    });
  }
  return { kind: 'line', at: first.t, from: first, to: last, ms: Math.max(ms, 1) };
}

/**
 * A timeline as strokes a one-finger tool (AXe, idb) can play, in time order. Several fingers
 * down at once are refused earlier, by admission (the device has no multi-touch without the helper).
 */
export function oneFingerStrokes(timeline: TouchTimeline): Stroke[] {
  return timeline.fingers.map(strokeOf).sort((a, b) => a.at - b.at);
}
