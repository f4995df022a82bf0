import type { Rect } from '../model/geometry.js';
import { intersectRect } from '../model/geometry.js';

/**
 * The part of `cell` outside `hole`, as up to four rectangles: the full-width bands above and
 * below the hole, then the parts left and right of it. Pieces thinner than `minSize` in
 * either direction are dropped: nothing worth finding fits in them.
 */
export function subtractRect(cell: Rect, hole: Rect, minSize: number): Rect[] {
  const overlap = intersectRect(cell, hole);
  if (!overlap) return [cell];
  const right = cell.x + cell.w;
  const bottom = cell.y + cell.h;
  const oRight = overlap.x + overlap.w;
  const oBottom = overlap.y + overlap.h;
  const pieces: Rect[] = [
    { x: cell.x, y: cell.y, w: cell.w, h: overlap.y - cell.y },
    { x: cell.x, y: oBottom, w: cell.w, h: bottom - oBottom },
    { x: cell.x, y: overlap.y, w: overlap.x - cell.x, h: overlap.h },
    { x: oRight, y: overlap.y, w: right - oRight, h: overlap.h },
  ];
  return pieces.filter((r) => r.w >= minSize && r.h >= minSize);
}

/** Four quadrants of a cell, or two halves when only one side is long enough, or none. */
export function splitCell(cell: Rect, minSize: number): Rect[] {
  const cols = cell.w >= 2 * minSize ? 2 : 1;
  const rows = cell.h >= 2 * minSize ? 2 : 1;
  if (cols === 1 && rows === 1) return [];
  const w = cell.w / cols;
  const h = cell.h / rows;
  const out: Rect[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push({ x: cell.x + c * w, y: cell.y + r * h, w, h });
  return out;
}
