import { SimlabError } from '../contract/envelope.js';
import type { Point, Size } from '../model/geometry.js';
import type { TouchTimeline } from './timeline.js';
import { pinch, rotate } from './two-finger.js';

/** Finger spacing a pinch starts from when the screen leaves room for it. */
const PREFERRED_START = 120;
/** Fingers closer than this read as one touch on most screens. */
const MIN_DISTANCE = 16;
const EDGE = 2;
const PREFERRED_RADIUS = 80;

function room(c: Point, size: Size): { across: number; around: number } {
  const across = Math.min(c.x, size.w - c.x) - EDGE;
  const around = Math.min(across, c.y - EDGE, size.h - c.y - EDGE);
  return { across, around };
}

/** A horizontal pinch around `c` that keeps both fingers on the screen from start to end. */
export function pinchTimeline(c: Point, scale: number, ms: number, size: Size): TouchTimeline {
  const widest = 2 * room(c, size).across;
  const start = scale >= 1 ? Math.min(PREFERRED_START, widest / scale) : Math.min(widest, PREFERRED_START / scale);
  if (start * Math.min(scale, 1) < MIN_DISTANCE || start * Math.max(scale, 1) > widest + 1e-6) {
    throw new SimlabError('INVALID_ARGS', `a pinch of scale ${scale} around (${c.x}, ${c.y}) does not fit on the ${size.w}x${size.h} screen`, {
      hint: 'pinch in several steps or around a point nearer the middle',
      details: { centre: c, scale },
    });
  }
  return pinch(c, { startDistance: start, scale, ms });
}

/** Two fingers turning on a circle around `c` that stays on the screen. */
export function rotateTimeline(c: Point, degrees: number, ms: number, size: Size): TouchTimeline {
  const radius = Math.min(PREFERRED_RADIUS, room(c, size).around);
  if (2 * radius < MIN_DISTANCE) {
    throw new SimlabError('INVALID_ARGS', `no room to rotate around (${c.x}, ${c.y}) on the ${size.w}x${size.h} screen`, {
      hint: 'rotate around a point nearer the middle',
      details: { centre: c },
    });
  }
  return rotate(c, { radius, degrees, ms });
}
