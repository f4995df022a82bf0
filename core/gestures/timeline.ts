import type { Point } from '../model/geometry.js';

/** One point of a finger's path: `t` is milliseconds from the start of the timeline. */
export interface TimedPoint extends Point {
  t: number;
}

/**
 * One touch of one finger: its identity, and its path from touch-down (first point) through
 * moves (middle points) to lift-off (last point). A one-point path is a touch-down and lift-off
 * at the same instant. Stationary stretches need no intermediate points: a bridge holds the
 * finger still between two points with the same position.
 *
 * The same id may appear in several paths when they do not overlap in time (the finger lifts
 * before it touches again): a double tap is two sequential paths of finger 0.
 */
export interface FingerPath {
  id: number;
  points: TimedPoint[];
}

/** The one input primitive: every gesture is a generator of timelines. */
export interface TouchTimeline {
  fingers: FingerPath[];
}

/** How many fingers a timeline holds down at once at most. */
export function mostFingersDown(timeline: TouchTimeline): number {
  const edges: Array<[number, number]> = [];
  for (const f of timeline.fingers) {
    const first = f.points[0]?.t ?? 0;
    const last = f.points[f.points.length - 1]?.t ?? first;
    edges.push([first, 1], [last, -1]);
  }
  // At equal times a touch-down counts before a lift-off: the fingers touch together.
  edges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let down = 0;
  let most = 0;
  for (const [, d] of edges) {
    down += d;
    most = Math.max(most, down);
  }
  return most;
}
