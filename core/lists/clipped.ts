import type { Rect } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import { along, median } from './geometry.js';
import { isCollection } from './roles.js';
import { rowsOf, scrolls } from './siblings.js';
import type { Candidate, Placed } from './types.js';

/**
 * What shows the list and cuts its ends: the nearest of its container and the container's
 * holders that scrolls or is a declared collection (a plain column laid in a scrolling page is
 * cut by the page's edge); none where nothing scrolls it (the screen's edge then).
 */
export function viewport(container: Placed | null): Rect | null {
  for (let p = container; p; p = p.parent) if (isCollection(p.node) || scrolls(p)) return p.vis;
  return null;
}

/** Shorter than this share of the other cells' median, an end cell at the edge has been cut. */
const CUT_SHARE = 0.9;

/**
 * The first and last cells that the edge of what shows them cuts off: the viewport's (the list's
 * own frame, or that of the page scrolling it), else the screen's. Such a cell lies at that edge and is
 * either visibly cut (its visible part is shorter than its frame) or, where the platform already
 * clipped its bounds (uiautomator), clearly shorter than the other cells. In a grid, every tile of
 * the first or last row is such a cell.
 */
export function clippedEnds(c: Candidate, screen: Screen): Placed[] {
  if (c.cells.length < 2) return [];
  const clip: Rect = viewport(c.container) ?? { x: 0, y: 0, ...screen.size };
  const [start, length] = along(clip, c.axis);
  const ordered = [...c.cells].sort((a, b) => along(a.vis, c.axis)[0] - along(b.vis, c.axis)[0]);
  // A grid's end is a whole row of tiles: the edge cuts every tile of its first or last row.
  const rows = c.grid ? rowsOf(c.cells) : ordered.map((p) => [p]);
  const firstRow = rows[0] ?? [];
  const lastRow = rows.length > 1 ? (rows[rows.length - 1] ?? []) : [];
  const sizeOf = (p: Placed) => along(p.node.frame, c.axis)[1];
  const cut = (p: Placed, row: readonly Placed[], atEdge: boolean): boolean => {
    if (!atEdge) return false;
    const [, seen] = along(p.vis, c.axis);
    if (seen < sizeOf(p) - 1) return true;
    const others = ordered.filter((o) => !row.includes(o)).map(sizeOf);
    return others.length > 0 && sizeOf(p) < CUT_SHARE * median(others);
  };
  const atStart = (p: Placed) => Math.abs(along(p.vis, c.axis)[0] - start) <= 1;
  const atEnd = (p: Placed) => {
    const [s, l] = along(p.vis, c.axis);
    return Math.abs(s + l - (start + length)) <= 1;
  };
  return [...firstRow.filter((p) => cut(p, firstRow, atStart(p))), ...lastRow.filter((p) => cut(p, lastRow, atEnd(p)))];
}
