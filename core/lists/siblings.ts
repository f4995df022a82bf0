import type { Rect } from '../model/geometry.js';
import { containsRect } from '../model/geometry.js';
import { across, along, intervalIou, intervalOverlap, near } from './geometry.js';
import { isCell, isCollection, isScroller, isTextual } from './roles.js';
import type { Candidate, ListAxis, Placed } from './types.js';

/** Cells of one list line up across the axis: their extents overlap by this much at least. */
const ALIGNED_IOU = 0.8;
/** Members overlapping more than this along the axis are one drawn over the other, not a row each. */
const STACKED_OVERLAP = 0.5;
/** Grid tiles have the same size within this fraction. */
const TILE_SIZE_TOLERANCE = 0.15;

/** The container scrolls, itself or as the one content view of a scroll view (Android's HorizontalScrollView > LinearLayout). */
export function scrolls(p: Placed): boolean {
  if (isScroller(p.node)) return true;
  return p.parent !== null && isScroller(p.parent.node) && p.parent.node.children.length === 1;
}

function alignedGroups(items: readonly Placed[], axis: ListAxis): Placed[][] {
  const groups: Placed[][] = [];
  for (const item of items) {
    const home = groups.find((g) => intervalIou(across((g[0] as Placed).vis, axis), across(item.vis, axis)) >= ALIGNED_IOU);
    if (home) home.push(item);
    else groups.push([item]);
  }
  return groups.map((g) => unstack(g, axis)).map(dropHeaders).filter((g) => g.length >= 2);
}

/** Ordered along the axis; of two members drawn over each other, the larger stays. */
function unstack(group: readonly Placed[], axis: ListAxis): Placed[] {
  const sorted = [...group].sort((a, b) => along(a.vis, axis)[0] - along(b.vis, axis)[0] || a.index - b.index);
  const out: Placed[] = [];
  for (const m of sorted) {
    const prev = out[out.length - 1];
    if (prev && intervalOverlap(along(prev.vis, axis), along(m.vis, axis)) > STACKED_OVERLAP) {
      if (along(m.vis, axis)[1] > along(prev.vis, axis)[1]) out[out.length - 1] = m;
      continue;
    }
    out.push(m);
  }
  return out;
}

/** Section headers are text between rows: when the rows are something else, they are not cells. */
function dropHeaders(group: Placed[]): Placed[] {
  const rows = group.filter((m) => !isTextual(m.node));
  return rows.length >= 2 && rows.length < group.length ? rows : group;
}

/** Tiles of the same size in at least two rows and two columns, read row by row. */
function gridOf(items: readonly Placed[]): Placed[] | null {
  const sizes: Placed[][] = [];
  for (const item of items) {
    const home = sizes.find(
      (g) => near(item.node.frame.w, (g[0] as Placed).node.frame.w, TILE_SIZE_TOLERANCE) && near(item.node.frame.h, (g[0] as Placed).node.frame.h, TILE_SIZE_TOLERANCE),
    );
    if (home) home.push(item);
    else sizes.push([item]);
  }
  let best: Placed[] | null = null;
  for (const tiles of sizes) {
    if (tiles.length < 4) continue;
    const rows = rowsOf(tiles);
    const columns = Math.max(...rows.map((r) => r.length));
    if (rows.length >= 2 && columns >= 2 && (!best || tiles.length > best.length)) best = rows.flat();
  }
  return best;
}

/** Tiles grouped into rows (by overlapping vertical extent), rows top to bottom, tiles left to right. */
export function rowsOf(tiles: readonly Placed[]): Placed[][] {
  const rows: Placed[][] = [];
  for (const t of [...tiles].sort((a, b) => a.vis.y - b.vis.y || a.vis.x - b.vis.x)) {
    const row = rows.find((r) => intervalOverlap(along((r[0] as Placed).vis, 'vertical'), along(t.vis, 'vertical')) > 0.5);
    if (row) row.push(t);
    else rows.push([t]);
  }
  for (const r of rows) r.sort((a, b) => a.vis.x - b.vis.x);
  return rows;
}

/**
 * Share of the run from the first to the last member that is members: a sibling in between
 * that is not drawn inside a member (a header, a form label) breaks the run.
 */
function regularityOf(members: readonly Placed[], children: readonly Placed[]): number {
  const indexes = members.map((m) => m.index);
  const first = Math.min(...indexes);
  const last = Math.max(...indexes);
  const inMembers = new Set(members);
  const inside = (r: Rect) => members.some((m) => containsRect(grow(m.vis, 1), r));
  const breaks = children.filter((c) => c.index > first && c.index < last && !inMembers.has(c) && !inside(c.vis)).length;
  return members.length / (members.length + breaks);
}

function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}

/** Lists among the children of one container: rows of a column, items of a scrolling row, tiles of a grid. */
export function siblingCandidates(parent: Placed, children: readonly Placed[]): Candidate[] {
  if (children.length < 2) return [];
  const declaredCells = children.filter((c) => isCell(c.node));
  // Where the platform says which children are cells, the others (headers, footers) are not.
  const pool = declaredCells.length >= 2 ? declaredCells : children;
  const collects = isCollection(parent.node) || scrolls(parent) || declaredCells.length >= 2;
  const make = (cells: Placed[], axis: ListAxis, grid: boolean): Candidate => ({
    detector: 'siblings',
    container: parent,
    containerFrame: parent.vis,
    axis,
    grid,
    cells,
    regularity: regularityOf(cells, children),
  });

  const out: Candidate[] = [];
  const grid = collects ? gridOf(pool) : null;
  if (grid) out.push(make(grid, 'vertical', true));
  const inGrid = new Set(grid ?? []);
  const outsideGrid = (g: Placed[]) => !g.every((m) => inGrid.has(m));
  for (const g of alignedGroups(pool, 'vertical')) if (outsideGrid(g)) out.push(make(g, 'vertical', false));
  if (collects) for (const g of alignedGroups(pool, 'horizontal')) if (outsideGrid(g)) out.push(make(g, 'horizontal', false));
  return out;
}
