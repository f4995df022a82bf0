import type { Rect, Screen, UiNode } from '../model/index.js';
import { rectArea } from '../model/index.js';

export interface EmptyRegionOptions {
  /** Side of the grid cells the screen is cut into, in points. */
  cell?: number;
  /** Smallest region worth probing (both sides, in points). */
  minWidth?: number;
  minHeight?: number;
  /** Nodes covering more than this share of the screen are containers, not content. */
  containerShare?: number;
  /** Most holes returned. */
  maxRegions?: number;
}

/** The parts of the screen where something meaningful is drawn according to the tree. */
export function contentRects(screen: Screen, containerShare: number): Rect[] {
  const limit = rectArea({ x: 0, y: 0, ...screen.size }) * containerShare;
  const out: Rect[] = [];
  const walk = (n: UiNode): void => {
    const frame = n.visibleFrame ?? n.frame;
    const leaf = n.children.length === 0;
    const meaningful = leaf || !!n.label || !!n.value || n.actions.length > 0;
    // A large node with children is a container: its own area says nothing about what is drawn.
    if (meaningful && rectArea(frame) > 0 && (leaf || rectArea(frame) <= limit)) out.push(frame);
    n.children.forEach(walk);
  };
  walk(screen.root);
  return out;
}

/** The largest all-empty rectangle of the grid (cells), by the histogram method; null if none. */
function largestEmpty(empty: Uint8Array, cols: number, rows: number): { c0: number; r0: number; c1: number; r1: number } | null {
  const heights = new Array<number>(cols).fill(0);
  let best: { c0: number; r0: number; c1: number; r1: number } | null = null;
  let bestArea = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) heights[c] = empty[r * cols + c] ? (heights[c] as number) + 1 : 0;
    const stack: number[] = [];
    for (let c = 0; c <= cols; c++) {
      const h = c === cols ? 0 : (heights[c] as number);
      while (stack.length > 0 && (heights[stack[stack.length - 1] as number] as number) >= h) {
        const top = stack.pop() as number;
        const height = heights[top] as number;
        const left = stack.length > 0 ? (stack[stack.length - 1] as number) + 1 : 0;
        const area = height * (c - left);
        if (area > bestArea) {
          bestArea = area;
          best = { c0: left, c1: c - 1, r0: r - height + 1, r1: r };
        }
      }
      stack.push(c);
    }
  }
  return best;
}

/**
 * Holes of the tree: full-width bands where the tree shows nothing (top to bottom), then the
 * largest other empty rectangles, biggest first. Clickable content a platform hides from its accessibility tree (e.g.
 * `aria-hidden` bars of plain elements) lives in such holes, and only there is it worth
 * spending hit-test probes.
 */
export function emptyRegions(screen: Screen, options: EmptyRegionOptions = {}): Rect[] {
  const { cell = 8, minWidth = 40, minHeight = 24, containerShare = 0.25, maxRegions = 6 } = options;
  const cols = Math.floor(screen.size.w / cell);
  const rows = Math.floor(screen.size.h / cell);
  const empty = new Uint8Array(cols * rows).fill(1);
  for (const r of contentRects(screen, containerShare)) {
    // Any overlap marks a cell: a hole must be clear of every drawn element.
    const c0 = Math.max(0, Math.floor(r.x / cell));
    const c1 = Math.min(cols - 1, Math.ceil((r.x + r.w) / cell) - 1);
    const r0 = Math.max(0, Math.floor(r.y / cell));
    const r1 = Math.min(rows - 1, Math.ceil((r.y + r.h) / cell) - 1);
    for (let y = r0; y <= r1; y++) for (let x = c0; x <= c1; x++) empty[y * cols + x] = 0;
  }
  const regions: Rect[] = [];
  // Full-width empty bands first: a bar the tree does not expose looks exactly like that.
  const rowEmpty = (y: number): boolean => empty.subarray(y * cols, (y + 1) * cols).every((v) => v === 1);
  for (let y = 0; y < rows && regions.length < maxRegions; ) {
    if (!rowEmpty(y)) {
      y++;
      continue;
    }
    let end = y;
    while (end + 1 < rows && rowEmpty(end + 1)) end++;
    if ((end - y + 1) * cell >= minHeight) {
      regions.push({ x: 0, y: y * cell, w: cols * cell, h: (end - y + 1) * cell });
      empty.fill(0, y * cols, (end + 1) * cols);
    }
    y = end + 1;
  }
  while (regions.length < maxRegions) {
    const found = largestEmpty(empty, cols, rows);
    if (!found) break;
    const rect = { x: found.c0 * cell, y: found.r0 * cell, w: (found.c1 - found.c0 + 1) * cell, h: (found.r1 - found.r0 + 1) * cell };
    if (rect.w < minWidth || rect.h < minHeight) {
      // Too thin to hold a control here: clear it and look for the next.
      if (rect.w * rect.h < minWidth * minHeight) break;
    } else {
      regions.push(rect);
    }
    for (let y = found.r0; y <= found.r1; y++) for (let x = found.c0; x <= found.c1; x++) empty[y * cols + x] = 0;
  }
  return regions;
}
