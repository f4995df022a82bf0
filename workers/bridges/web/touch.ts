import type { CDPSession } from 'playwright-core';
import type { TouchTimeline } from '../../../core/gestures/timeline.js';

interface TouchPoint {
  x: number;
  y: number;
  id: number;
}

/** One `Input.dispatchTouchEvent` at a time `t` of the timeline. */
export interface TouchStep {
  t: number;
  type: 'touchStart' | 'touchMove' | 'touchEnd';
  /** Every finger still down after this event (CDP derives presses, moves and lifts from the difference). */
  touchPoints: TouchPoint[];
}

/**
 * The timeline as CDP touch events. At each instant where any finger has a point: fingers
 * that land and fingers that move are sent first (with all fingers down), then fingers
 * whose path ends there are lifted. Several paths may share a finger id one after the other
 * (a double tap); admission (admitTimeline) has ruled out overlaps.
 */
export function touchSteps(timeline: TouchTimeline): TouchStep[] {
  const paths = timeline.fingers.map((f) => ({ id: f.id, points: f.points, start: f.points[0]?.t ?? 0, end: f.points[f.points.length - 1]?.t ?? 0 }));
  const times = [...new Set(paths.flatMap((p) => p.points.map((q) => q.t)))].sort((a, b) => a - b);
  const steps: TouchStep[] = [];
  const sent = new Map<number, TouchPoint>();
  for (const t of times) {
    const active = paths.filter((p) => p.start <= t && p.end >= t);
    const positions = active.map((p) => {
      let at = p.points[0];
      for (const q of p.points) if (q.t <= t) at = q;
      return { path: p, point: { x: at?.x ?? 0, y: at?.y ?? 0, id: p.id } };
    });
    const lands = active.some((p) => p.start === t);
    const moves = positions.some(({ point }) => {
      const before = sent.get(point.id);
      return before !== undefined && (before.x !== point.x || before.y !== point.y);
    });
    if (lands || moves) {
      steps.push({ t, type: lands ? 'touchStart' : 'touchMove', touchPoints: positions.map((p) => p.point) });
      for (const { point } of positions) sent.set(point.id, point);
    }
    const lifting = active.filter((p) => p.end === t);
    if (lifting.length > 0) {
      const remaining = positions.filter((p) => p.path.end !== t).map((p) => p.point);
      steps.push({ t, type: 'touchEnd', touchPoints: remaining });
      for (const p of lifting) sent.delete(p.id);
    }
  }
  return steps;
}

/** How late the events went out compared to the timeline's own clock. */
export interface TouchTiming {
  steps: number;
  durationMs: number;
  maxLateMs: number;
  meanLateMs: number;
}

/** Resolves after `ms`, or as soon as the signal aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Where each point goes on the page. `refresh` runs before a step with two fingers or more,
 * once every earlier step is acknowledged: such a step may be a pinch that has zoomed the page,
 * and the next points must be mapped with the zoom the page has now, not the zoom the
 * gesture started with (that fed the zoom back into itself: a 2x pinch ended at 5x).
 */
export interface TouchMapping {
  map: (p: TouchPoint) => TouchPoint;
  refresh?: () => Promise<void>;
}

/** Now as CDP's TimeSinceEpoch (seconds), read off the monotonic clock so it never steps back. */
function epochSeconds(ms: number): number {
  return (performance.timeOrigin + ms) / 1000;
}

/**
 * Sends the steps on the timeline's clock: each step is scheduled at start + t (never by
 * adding up sleeps, so lateness does not accumulate). One-finger steps are not awaited one by
 * one: Chromium acknowledges a touch move only after a rendered frame, which would stretch a
 * drag to the page's frame rate; the CDP connection keeps them in order, and every
 * acknowledgement is awaited at the end. `held` tracks the fingers down, so a failure can
 * lift them; aborting the signal stops the gesture before its next step.
 *
 * Each event carries the time the timeline meant (start + t) as its timestamp: Chromium's
 * velocity tracker reads event times, so steps that go out late and bunched on a loaded
 * machine would otherwise look like a fast flick and start a fling. A step sent early (a timer
 * may fire up to 1 ms before its due time) is stamped with the time it is sent instead, so no
 * stamp lies ahead of the moment the event leaves; both bounds only grow, so the stamps are
 * monotonic.
 */
export async function sendTouchSteps(
  cdp: CDPSession,
  steps: TouchStep[],
  held: Map<number, TouchPoint>,
  mapping: TouchMapping = { map: (p) => p },
  signal?: AbortSignal,
): Promise<TouchTiming> {
  const start = performance.now();
  let maxLate = 0;
  let sumLate = 0;
  const sent: Array<Promise<unknown>> = [];
  let failure: unknown;
  for (const step of steps) {
    if (failure !== undefined) break;
    const due = start + step.t;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait, signal);
    if (mapping.refresh && step.touchPoints.length > 1) {
      await Promise.allSettled(sent);
      await mapping.refresh();
    }
    if (signal?.aborted) {
      failure = signal.reason;
      break;
    }
    if (failure !== undefined) break;
    const now = performance.now();
    const late = Math.max(0, now - due);
    maxLate = Math.max(maxLate, late);
    sumLate += late;
    const done = cdp.send('Input.dispatchTouchEvent', {
      type: step.type,
      touchPoints: step.touchPoints.map(mapping.map),
      timestamp: epochSeconds(Math.min(due, now)),
    });
    done.catch((err: unknown) => {
      failure ??= err;
    });
    sent.push(done);
    held.clear();
    for (const p of step.touchPoints) held.set(p.id, p);
  }
  await Promise.all(sent);
  if (failure !== undefined) throw failure;
  return {
    steps: steps.length,
    durationMs: performance.now() - start,
    maxLateMs: maxLate,
    meanLateMs: steps.length ? sumLate / steps.length : 0,
  };
}
