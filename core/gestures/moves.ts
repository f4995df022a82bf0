import { SimlabError } from '../contract/envelope.js';
import type { Point, Rect, Size } from '../model/geometry.js';
import { MAX_GESTURE_MS, MAX_SCROLL_DRAGS } from './limits.js';
import { at, linearPath, requireDuration, requireFinite, requirePoint, requirePositive } from './sampling.js';
import type { TimedPoint, TouchTimeline } from './timeline.js';

/** One finger from `from` to `to` at constant speed, lifted at the end (it may leave momentum). */
export function swipe(from: Point, to: Point, ms = 300): TouchTimeline {
  requirePoint('swipe start', from);
  requirePoint('swipe end', to);
  requireDuration('swipe ms', ms, 1);
  return { fingers: [{ id: 0, points: linearPath(from, to, 0, ms) }] };
}

/** A short fast swipe released while still moving, so the content keeps coasting. */
export function fling(from: Point, to: Point, ms = 100): TouchTimeline {
  return swipe(from, to, ms);
}

/** The way the finger moves: a fling up reveals what is further down. */
export type FlingDirection = 'up' | 'down' | 'left' | 'right';

/** The finger's path for a fling in `direction` across `region`: through its centre, half its size long. */
export function flingPath(region: Rect, direction: FlingDirection): [Point, Point] {
  const cx = region.x + region.w / 2;
  const cy = region.y + region.h / 2;
  const hx = region.w * 0.25;
  const hy = region.h * 0.25;
  switch (direction) {
    case 'up':
      return [{ x: cx, y: cy + hy }, { x: cx, y: cy - hy }];
    case 'down':
      return [{ x: cx, y: cy - hy }, { x: cx, y: cy + hy }];
    case 'left':
      return [{ x: cx + hx, y: cy }, { x: cx - hx, y: cy }];
    case 'right':
      return [{ x: cx - hx, y: cy }, { x: cx + hx, y: cy }];
  }
}

export interface PreciseDragOptions {
  /** Distance of each move. */
  stepPts?: number;
  /** Time between moves. */
  stepMs?: number;
  /** Number of small alternating moves that hold the end point. */
  holdMoves?: number;
  holdStepMs?: number;
  /** Amplitude of the hold moves, along the drag direction. */
  holdAmp?: number;
}

/**
 * A drag that leaves no fling velocity: slow even steps, then the end held with tiny
 * alternating moves (velocity trackers average them to zero), then lift-off exactly at `to`.
 */
export function preciseDrag(
  from: Point,
  to: Point,
  { stepPts = 20, stepMs = 32, holdMoves = 16, holdStepMs = 16, holdAmp = 0.5 }: PreciseDragOptions = {},
): TouchTimeline {
  requirePoint('drag start', from);
  requirePoint('drag end', to);
  requirePositive('stepPts', stepPts);
  requireDuration('stepMs', stepMs, 1);
  requireDuration('holdStepMs', holdStepMs, 1);
  requireFinite('holdAmp', holdAmp);
  if (!Number.isInteger(holdMoves) || holdMoves < 0) throw new SimlabError('INVALID_ARGS', 'holdMoves must be a whole number >= 0');
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const dist = Math.hypot(dx, dy);
  const steps = Math.max(1, Math.ceil(dist / stepPts));
  if (steps * stepMs + (holdMoves + 1) * holdStepMs > MAX_GESTURE_MS) {
    throw new SimlabError('INVALID_ARGS', `a precise drag of ${Math.round(dist)} points would last over ${MAX_GESTURE_MS / 1000} s`);
  }
  const points: TimedPoint[] = linearPath(from, to, 0, steps * stepMs, stepMs);
  const ux = dist > 0 ? dx / dist : 1;
  const uy = dist > 0 ? dy / dist : 0;
  let t = steps * stepMs;
  for (let k = 1; k <= holdMoves; k++) {
    t += holdStepMs;
    const s = k % 2 === 1 ? holdAmp : -holdAmp;
    points.push({ x: to.x + ux * s, y: to.y + uy * s, t });
  }
  if (holdMoves > 0) points.push(at(to, t + holdStepMs));
  return { fingers: [{ id: 0, points }] };
}

export type Edge = 'left' | 'right' | 'top' | 'bottom';

export interface EdgeSwipeOptions {
  /** How far the finger travels inward; default 40% of the screen across that axis. */
  distance?: number;
  /** Where along the edge the swipe starts, 0..1 (0.5 is the middle). */
  along?: number;
  ms?: number;
  /** How far inside the edge the finger lands. */
  inset?: number;
}

/** A swipe from just inside one screen edge inward (back gesture, home indicator, panels). */
export function edgeSwipe(edge: Edge, size: Size, { distance, along = 0.5, ms = 300, inset = 1 }: EdgeSwipeOptions = {}): TouchTimeline {
  if (!['left', 'right', 'top', 'bottom'].includes(edge)) throw new SimlabError('INVALID_ARGS', `edge must be left, right, top or bottom, not ${String(edge)}`);
  requirePositive('screen width', size.w);
  requirePositive('screen height', size.h);
  if (!(along >= 0 && along <= 1)) throw new SimlabError('INVALID_ARGS', 'along must be between 0 and 1');
  const horizontal = edge === 'left' || edge === 'right';
  const across = horizontal ? size.w : size.h;
  const travel = distance ?? across * 0.4;
  requirePositive('edge swipe distance', travel);
  requireFinite('inset', inset);
  const lengthwise = Math.min((horizontal ? size.h : size.w) - 1, Math.max(0, (horizontal ? size.h : size.w) * along));
  const startAcross = edge === 'left' || edge === 'top' ? inset : across - inset;
  const endAcross = edge === 'left' || edge === 'top' ? startAcross + travel : startAcross - travel;
  const point = (a: number): Point => (horizontal ? { x: a, y: lengthwise } : { x: lengthwise, y: a });
  return swipe(point(startAcross), point(endAcross), ms);
}

export interface ScrollByOptions extends PreciseDragOptions {
  /** Fraction of the region kept clear on each side of the drags. */
  margin?: number;
  /** Finger travel the platform absorbs before content moves (touch slop), added to every drag. */
  slopPts?: number;
}

/**
 * Precise drags inside `region` that scroll its content by (dx, dy): positive dy reveals
 * content further down (the finger moves up). As many drags as the region's span needs;
 * the caller reads the real offset afterwards and corrects the remainder.
 */
export function scrollBy(region: Rect, delta: { dx?: number; dy?: number }, { margin = 0.15, slopPts = 0, ...drag }: ScrollByOptions = {}): TouchTimeline[] {
  const dx = delta.dx ?? 0;
  const dy = delta.dy ?? 0;
  requireFinite('dx', dx);
  requireFinite('dy', dy);
  requirePositive('region width', region.w);
  requirePositive('region height', region.h);
  if (!(margin >= 0 && margin < 0.5)) throw new SimlabError('INVALID_ARGS', 'margin must be in [0, 0.5)');
  if (!(slopPts >= 0)) throw new SimlabError('INVALID_ARGS', 'slopPts must be >= 0');
  if (dx === 0 && dy === 0) throw new SimlabError('INVALID_ARGS', 'scroll-by needs a non-zero dx or dy');
  const spanX = region.w * (1 - 2 * margin);
  const spanY = region.h * (1 - 2 * margin);
  const dist = Math.hypot(dx, dy);
  const ux = dx / dist;
  const uy = dy / dist;
  // Each drag moves the finger by its share of the scroll plus the slop, and must fit the span.
  const drags = Math.max(
    dx === 0 ? 1 : Math.ceil(Math.abs(dx) / Math.max(1, spanX - Math.abs(ux) * slopPts)),
    dy === 0 ? 1 : Math.ceil(Math.abs(dy) / Math.max(1, spanY - Math.abs(uy) * slopPts)),
  );
  if (drags > MAX_SCROLL_DRAGS) {
    throw new SimlabError('INVALID_ARGS', `scrolling by (${dx}, ${dy}) in this ${Math.round(region.w)}x${Math.round(region.h)} region takes ${drags} drags; at most ${MAX_SCROLL_DRAGS}`, {
      hint: 'Scroll by a smaller distance, several times if needed, or fling.',
      details: { drags, maxDrags: MAX_SCROLL_DRAGS },
    });
  }
  const fx = -(dx / drags + ux * slopPts);
  const fy = -(dy / drags + uy * slopPts);
  const startX = dx === 0 ? region.x + region.w / 2 : dx > 0 ? region.x + region.w * (1 - margin) : region.x + region.w * margin;
  const startY = dy === 0 ? region.y + region.h / 2 : dy > 0 ? region.y + region.h * (1 - margin) : region.y + region.h * margin;
  const from = { x: startX, y: startY };
  const to = { x: startX + fx, y: startY + fy };
  return Array.from({ length: drags }, () => preciseDrag(from, to, drag));
}
