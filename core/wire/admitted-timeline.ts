import type { Size } from '../model/geometry.js';
import type { TouchTimeline } from '../gestures/timeline.js';
import { validateTimeline } from '../gestures/validate.js';

declare const admitted: unique symbol;

/**
 * A touch timeline checked against its device's screen (validateTimeline): the only kind a bridge
 * performs. Only admitTimeline makes one, so the check runs once, at admission, and a bridge
 * needs no second one: code that hands a bridge an unchecked timeline does not compile.
 */
export type AdmittedTimeline = TouchTimeline & { readonly [admitted]: true };

/**
 * Checks a timeline (INVALID_ARGS naming the finger and point at fault) and answers a copy of
 * what was checked, so the caller's object changing afterwards cannot reach the device.
 */
export function admitTimeline(timeline: TouchTimeline, screen: Size): AdmittedTimeline {
  validateTimeline(timeline, screen);
  const copy: TouchTimeline = { fingers: timeline.fingers.map((f) => ({ id: f.id, points: f.points.map((p) => ({ x: p.x, y: p.y, t: p.t })) })) };
  return copy as AdmittedTimeline;
}
