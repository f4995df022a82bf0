import type { Point } from '../model/geometry.js';
import { FRAME_MS, requireDuration, requireFinite, requirePoint, requirePositive, sampleTimes } from './sampling.js';
import type { TimedPoint, TouchTimeline } from './timeline.js';

const RAD = Math.PI / 180;

/** Finger 0 and finger 1 mirrored around `c`, `d` apart, on a line at `angle` radians. */
function pair(c: Point, d: number, angle: number, t: number): [TimedPoint, TimedPoint] {
  const hx = (Math.cos(angle) * d) / 2;
  const hy = (Math.sin(angle) * d) / 2;
  return [
    { x: c.x - hx, y: c.y - hy, t },
    { x: c.x + hx, y: c.y + hy, t },
  ];
}

function twoPaths(samples: Array<[TimedPoint, TimedPoint]>): TouchTimeline {
  return {
    fingers: [
      { id: 0, points: samples.map((s) => s[0]) },
      { id: 1, points: samples.map((s) => s[1]) },
    ],
  };
}

export interface PinchOptions {
  /** Distance between the fingers at touch-down. */
  startDistance: number;
  /** Final distance / start distance: above 1 zooms in, below 1 zooms out. */
  scale: number;
  ms?: number;
  /** Direction of the line through both fingers; 0 is horizontal. */
  angleDeg?: number;
}

/**
 * Two fingers mirrored around `center`. The distance changes geometrically (a constant zoom
 * rate, as a hand does) from startDistance to startDistance * scale.
 */
export function pinch(center: Point, { startDistance, scale, ms = 600, angleDeg = 0 }: PinchOptions): TouchTimeline {
  requirePoint('pinch centre', center);
  requirePositive('startDistance', startDistance);
  requirePositive('scale', scale);
  requireDuration('pinch ms', ms, 1);
  requireFinite('angleDeg', angleDeg);
  return twoPaths(sampleTimes(0, ms).map((t) => pair(center, startDistance * scale ** (t / ms), angleDeg * RAD, t)));
}

export interface RotateOptions {
  /** Distance of each finger from the centre. */
  radius: number;
  /** Positive turns clockwise as seen on the screen (y grows downward). */
  degrees: number;
  ms?: number;
  /** Angle of finger 1 at touch-down; 0 is to the right of the centre. */
  startAngleDeg?: number;
}

/** Largest turn between two samples: a platform joins samples by straight lines, and a chord of 5° is 99.9% of the radius. */
const MAX_STEP_DEG = 5;

/**
 * Both fingers on an arc around `center` at a constant radius. A straight line from start to
 * end would shrink the finger distance (to 71% at 90°) and be read as a pinch.
 */
export function rotate(center: Point, { radius, degrees, ms = 800, startAngleDeg = 0 }: RotateOptions): TouchTimeline {
  requirePoint('rotate centre', center);
  requirePositive('radius', radius);
  requireFinite('degrees', degrees);
  requireDuration('rotate ms', ms, 1);
  requireFinite('startAngleDeg', startAngleDeg);
  const stepMs = degrees === 0 ? FRAME_MS : Math.min(FRAME_MS, (ms * MAX_STEP_DEG) / Math.abs(degrees));
  return twoPaths(sampleTimes(0, ms, stepMs).map((t) => pair(center, 2 * radius, (startAngleDeg + (degrees * t) / ms) * RAD, t)));
}

export interface TwoFingerOptions {
  /** Distance between the two fingers. */
  distance?: number;
  angleDeg?: number;
}

/** Two fingers down and up together without moving: a pinch whose start equals its end. */
function twoFingerPress(center: Point, distance: number, ms: number, angleDeg: number): TouchTimeline {
  requirePoint('two-finger centre', center);
  requirePositive('distance', distance);
  requireFinite('angleDeg', angleDeg);
  return twoPaths([pair(center, distance, angleDeg * RAD, 0), pair(center, distance, angleDeg * RAD, ms)]);
}

export function twoFingerTap(center: Point, { distance = 60, angleDeg = 0, holdMs = 50 }: TwoFingerOptions & { holdMs?: number } = {}): TouchTimeline {
  requireDuration('holdMs', holdMs);
  return twoFingerPress(center, distance, holdMs, angleDeg);
}

export function twoFingerLongPress(center: Point, { distance = 60, angleDeg = 0, ms = 800 }: TwoFingerOptions & { ms?: number } = {}): TouchTimeline {
  requireDuration('two-finger long-press ms', ms, 1);
  return twoFingerPress(center, distance, ms, angleDeg);
}
