import { SimlabError } from '../contract/envelope.js';
import type { Size } from '../model/geometry.js';
import { MAX_FINGER_ID, MAX_FINGERS, MAX_GESTURE_MS, MAX_TIMELINE_POINTS } from './limits.js';
import type { TouchTimeline } from './timeline.js';

export { MAX_FINGER_ID, MAX_FINGERS } from './limits.js';

function reject(message: string, details: Record<string, unknown> = {}): never {
  throw new SimlabError('INVALID_ARGS', message, {
    details,
    hint: `A timeline is 1..${MAX_FINGERS} fingers at once, each a non-empty path of on-screen points with non-decreasing t (ms), at most ${MAX_TIMELINE_POINTS} points and ${MAX_GESTURE_MS / 1000} s in all.`,
  });
}

/**
 * Checks a timeline before a bridge sends anything to a device: a bad gesture must never be
 * half-delivered. Throws SimlabError INVALID_ARGS naming the finger and point at fault.
 */
export function validateTimeline(timeline: TouchTimeline, screen: Size): void {
  const fingers = timeline?.fingers;
  if (!Array.isArray(fingers) || fingers.length === 0) reject('the gesture has no fingers');
  // Sizes first, before walking anything: a huge timeline is refused at the cost of a count.
  const points = fingers.reduce((n, f) => n + (Array.isArray(f?.points) ? f.points.length : 0), 0);
  if (points > MAX_TIMELINE_POINTS) reject(`the gesture has ${points} points; at most ${MAX_TIMELINE_POINTS}`, { points });
  const spans: Array<{ id: number; start: number; end: number; finger: number }> = [];
  fingers.forEach((f, fi) => {
    if (!Number.isInteger(f?.id) || f.id < 0 || f.id > MAX_FINGER_ID) {
      reject(`finger ${fi}: id must be a whole number from 0 to ${MAX_FINGER_ID}`, { finger: fi });
    }
    if (!Array.isArray(f.points) || f.points.length === 0) reject(`finger ${fi} (id ${f.id}) has an empty path`, { finger: fi });
    let prev = -Infinity;
    f.points.forEach((p, pi) => {
      const where = { finger: fi, point: pi };
      if (![p?.x, p?.y, p?.t].every(Number.isFinite)) reject(`finger ${fi} point ${pi}: x, y and t must be finite numbers`, where);
      if (p.t < 0) reject(`finger ${fi} point ${pi}: time ${p.t} ms is before the start`, where);
      if (p.t > MAX_GESTURE_MS) reject(`finger ${fi} point ${pi}: time ${p.t} ms is past the ${MAX_GESTURE_MS} ms a gesture may last`, where);
      if (p.t < prev) reject(`finger ${fi} point ${pi}: time goes back from ${prev} to ${p.t} ms`, where);
      prev = p.t;
      if (p.x < 0 || p.y < 0 || p.x >= screen.w || p.y >= screen.h) {
        reject(`finger ${fi} point ${pi}: (${p.x}, ${p.y}) is off the ${screen.w}x${screen.h} screen`, { ...where, screen });
      }
    });
    const first = f.points[0];
    const last = f.points[f.points.length - 1];
    if (first && last) spans.push({ id: f.id, start: first.t, end: last.t, finger: fi });
  });

  // Paths of one id must follow each other; at no instant may more than MAX_FINGERS be down.
  const byStart = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  let down: typeof spans = [];
  for (const s of byStart) {
    down = down.filter((d) => d.end >= s.start);
    const same = down.find((d) => d.id === s.id);
    if (same) reject(`fingers ${same.finger} and ${s.finger} both use id ${s.id} at overlapping times`, { fingers: [same.finger, s.finger] });
    down.push(s);
    if (down.length > MAX_FINGERS) reject(`more than ${MAX_FINGERS} fingers are down at ${s.start} ms`, { at: s.start });
  }
}
