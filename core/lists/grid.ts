import { near } from './geometry.js';
import { rowsOf } from './siblings.js';
import type { Candidate, Placed } from './types.js';

const TILE_SIZE_TOLERANCE = 0.15;
/** A tile is at most this share of its row's width; a wider child is the row's own content. */
const MAX_TILE_SHARE = 0.6;

/**
 * A list whose rows each hold a few equal tiles side by side is a grid laid out as rows
 * (Android's share sheet): its cells are the tiles, row by row.
 */
export function flattenTiledRows(c: Candidate, childrenOf: (p: Placed) => Placed[]): Candidate {
  if (c.axis !== 'vertical' || c.grid || c.cells.length < 2) return c;
  const rows = c.cells.map(childrenOf);
  if (rows.some((r) => r.length === 0) || !rows.some((r) => r.length >= 2)) return c;
  const first = rows[0]?.[0] as Placed;
  const tiles = rows.flat();
  const sameSize = tiles.every(
    (t) => near(t.node.frame.w, first.node.frame.w, TILE_SIZE_TOLERANCE) && near(t.node.frame.h, first.node.frame.h, TILE_SIZE_TOLERANCE),
  );
  const narrow = c.cells.every((row, i) => (rows[i] ?? []).every((t) => t.vis.w <= MAX_TILE_SHARE * row.vis.w));
  const sideBySide = rows.every((r) => rowsOf(r).length === 1);
  if (!sameSize || !narrow || !sideBySide) return c;
  return { ...c, grid: true, cells: rows.flatMap((r) => [...r].sort((a, b) => a.vis.x - b.vis.x)) };
}
