import type { Point } from '../model/geometry.js';

/** One point of a finger's path: `t` is milliseconds from the start of the timeline. */
export interface TimedPoint extends Point {
  t: number;
}

/**
 * One finger: its stable identity for the whole timeline, and its path from touch-down
 * (first point) to lift-off (last point).
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
