import type { InspectableElement } from '../../core/wire/ui-protocol.js';

/** How far (points) an element without id or label may have moved and still be the same one. */
const MOVE_TOLERANCE = 4;

/**
 * The element of a newer outline that is `chosen` (DESIGN.md section 6's identity: id, role,
 * label; the frame decides only between look-alikes), or null when the screen no longer has it.
 * `@N` numbers are per snapshot and never identify an element across screens.
 */
export function sameElement(chosen: InspectableElement, elements: InspectableElement[]): InspectableElement | null {
  const candidates = elements.filter((e) => e.role === chosen.role && e.id === chosen.id && e.label === chosen.label);
  const distance = (e: InspectableElement) => Math.hypot(e.frame.x - chosen.frame.x, e.frame.y - chosen.frame.y);
  let best: InspectableElement | null = null;
  for (const e of candidates) if (!best || distance(e) < distance(best)) best = e;
  if (!best) return null;
  if (chosen.id === undefined && chosen.label === undefined && distance(best) > MOVE_TOLERANCE) return null;
  return best;
}
