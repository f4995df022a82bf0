import { SimlabError } from '../contract/envelope.js';
import type { Point } from '../model/geometry.js';
import { MAX_GESTURE_MS } from './limits.js';
import type { TimedPoint } from './timeline.js';

/** The usual interval between two sampled points: one 60 Hz frame. */
export const FRAME_MS = 16;

/** Times from `start` to `start + ms` in steps of about `stepMs`, both ends included. */
export function sampleTimes(start: number, ms: number, stepMs = FRAME_MS): number[] {
  const n = Math.max(1, Math.round(ms / stepMs));
  const times: number[] = [];
  for (let i = 0; i <= n; i++) times.push(start + (ms * i) / n);
  return times;
}

function lerpPoint(a: Point, b: Point, u: number): Point {
  return { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u };
}

export function at(p: Point, t: number): TimedPoint {
  return { x: p.x, y: p.y, t };
}

/** A straight move from `from` to `to` at constant speed, sampled every frame. */
export function linearPath(from: Point, to: Point, start: number, ms: number, stepMs = FRAME_MS): TimedPoint[] {
  return sampleTimes(start, ms, stepMs).map((t) => at(lerpPoint(from, to, ms === 0 ? 1 : (t - start) / ms), t));
}

function invalid(message: string): SimlabError {
  return new SimlabError('INVALID_ARGS', message);
}

export function requirePoint(name: string, p: Point): void {
  if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw invalid(`${name} must be a point with finite x and y`);
}

export function requireDuration(name: string, ms: number, min = 0): void {
  if (!Number.isFinite(ms) || ms < min || ms > MAX_GESTURE_MS) throw invalid(`${name} must be a number of milliseconds from ${min} to ${MAX_GESTURE_MS}`);
}

export function requirePositive(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) throw invalid(`${name} must be a positive number`);
}

export function requireFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw invalid(`${name} must be a finite number`);
}
