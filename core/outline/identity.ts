import type { Rect } from '../model/geometry.js';
import type { ElementIdentity, OutlineElement, Snapshot } from './snapshot.js';

/** What names an element across snapshots: its platform id, role, label and frame. */
export function identityOf(el: OutlineElement): ElementIdentity {
  const out: ElementIdentity = { role: el.role, frame: el.frame };
  if (el.id !== undefined) out.id = el.id;
  if (el.label !== undefined) out.label = el.label;
  return out;
}

/** Same id, role and label (the frame is compared separately, with a tolerance). */
export function sameIdentity(a: ElementIdentity, b: ElementIdentity): boolean {
  return a.id === b.id && a.role === b.role && a.label === b.label;
}

/** Largest difference between two rectangles' edges, in points. */
export function frameDistance(a: Rect, b: Rect): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.x + a.w - (b.x + b.w)), Math.abs(a.y + a.h - (b.y + b.h)));
}

export interface SameElementOptions {
  /** Points each edge may have moved (default 0: whole-point frames must match exactly). */
  frameTolerance?: number;
}

/**
 * The element of `snapshot` that is the same as `el`: same identity and a frame within the
 * tolerance, the closest if several. Undefined means a ref to `el` is stale.
 */
export function findSameElement(el: OutlineElement, snapshot: Snapshot, options: SameElementOptions = {}): OutlineElement | undefined {
  const tolerance = options.frameTolerance ?? 0;
  const want = identityOf(el);
  let best: OutlineElement | undefined;
  let bestDistance = Infinity;
  for (const candidate of snapshot.elements) {
    if (!sameIdentity(want, identityOf(candidate))) continue;
    const d = frameDistance(el.frame, candidate.frame);
    if (d <= tolerance && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
