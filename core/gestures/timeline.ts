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

export function timelineDuration(timeline: TouchTimeline): number {
  let end = 0;
  for (const f of timeline.fingers) {
    const last = f.points[f.points.length - 1];
    if (last) end = Math.max(end, last.t);
  }
  return end;
}
