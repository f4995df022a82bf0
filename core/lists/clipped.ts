import type { Rect } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import { along, median } from './geometry.js';
import { isCollection } from './roles.js';
import { scrolls } from './siblings.js';
import type { Candidate, Placed } from './types.js';

/** Shorter than this share of the other cells' median, an end cell at the edge has been cut. */
const CUT_SHARE = 0.9;

/**
 * The first and last cells that the edge of what shows them cuts off: the list's own frame when
 * it scrolls or is a declared collection, else the screen. Such a cell lies at that edge and is
 * either visibly cut (its visible part is shorter than its frame) or, where the platform already
 * clipped its bounds (uiautomator), clearly shorter than the other cells.
 */
export function clippedEnds(c: Candidate, screen: Screen): Placed[] {
  if (c.cells.length < 2) return [];
  const clip: Rect = c.container && (isCollection(c.container.node) || scrolls(c.container)) ? c.container.vis : { x: 0, y: 0, ...screen.size };
  const [start, length] = along(clip, c.axis);
  const ordered = [...c.cells].sort((a, b) => along(a.vis, c.axis)[0] - along(b.vis, c.axis)[0]);
  const first = ordered[0] as Placed;
  const last = ordered[ordered.length - 1] as Placed;
  const sizeOf = (p: Placed) => along(p.node.frame, c.axis)[1];
  const cut = (p: Placed, atEdge: boolean): boolean => {
    if (!atEdge) return false;
    const [, seen] = along(p.vis, c.axis);
    if (seen < sizeOf(p) - 1) return true;
    const others = ordered.filter((o) => o !== p).map(sizeOf);
    return sizeOf(p) < CUT_SHARE * median(others);
  };
  const out: Placed[] = [];
  if (cut(first, Math.abs(along(first.vis, c.axis)[0] - start) <= 1)) out.push(first);
  const [ls, ll] = along(last.vis, c.axis);
  if (last !== first && cut(last, Math.abs(ls + ll - (start + length)) <= 1)) out.push(last);
  return out;
}
