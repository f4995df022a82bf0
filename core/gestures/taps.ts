import type { Point } from '../model/geometry.js';
import { at, requireDuration, requirePoint } from './sampling.js';
import type { TouchTimeline } from './timeline.js';

export interface TapOptions {
  /** How long the finger stays down. */
  holdMs?: number;
}

/** One finger down and up at the same place. */
export function tap(p: Point, { holdMs = 50 }: TapOptions = {}): TouchTimeline {
  requirePoint('tap point', p);
  requireDuration('holdMs', holdMs);
  return { fingers: [{ id: 0, points: [at(p, 0), at(p, holdMs)] }] };
}

export interface DoubleTapOptions extends TapOptions {
  /** Time between the first lift-off and the second touch-down. */
  gapMs?: number;
}

/** Two taps of the same finger: two sequential paths of finger 0 (see FingerPath). */
export function doubleTap(p: Point, { gapMs = 100, holdMs = 50 }: DoubleTapOptions = {}): TouchTimeline {
  requirePoint('double-tap point', p);
  requireDuration('holdMs', holdMs);
  requireDuration('gapMs', gapMs, 1);
  const second = holdMs + gapMs;
  return {
    fingers: [
      { id: 0, points: [at(p, 0), at(p, holdMs)] },
      { id: 0, points: [at(p, second), at(p, second + holdMs)] },
    ],
  };
}

/** One finger held still for `ms`. */
export function longPress(p: Point, ms = 800): TouchTimeline {
  requirePoint('long-press point', p);
  requireDuration('long-press ms', ms, 1);
  return { fingers: [{ id: 0, points: [at(p, 0), at(p, ms)] }] };
}
