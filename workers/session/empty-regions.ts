import type { Rect, Screen, UiNode } from '../../core/model/index.js';
import { intersectRect, rectArea } from '../../core/model/index.js';

export interface EmptyRegionOptions {
  /** Side of the grid cells the screen is cut into, in points. */
  cell?: number;
  /** Smallest region worth probing (both sides, in points). */
  minWidth?: number;
  minHeight?: number;
  /** Nodes covering more than this share of the screen are containers, not content. */
  containerShare?: number;
}

/** The parts of the screen where something meaningful is drawn according to the tree. */
export function contentRects(screen: Screen, containerShare: number): Rect[] {
  const limit = rectArea({ x: 0, y: 0, ...screen.size }) * containerShare;
  const out: Rect[] = [];
  const walk = (n: UiNode): void => {
    const frame = n.visibleFrame ?? n.frame;
    const meaningful = n.children.length === 0 || !!n.label || !!n.value || n.actions.length > 0;
    if (meaningful && rectArea(frame) > 0 && rectArea(frame) <= limit) out.push(frame);
    n.children.forEach(walk);
  };
  walk(screen.root);
  return out;
}

/**
 * Areas of the screen where the tree shows nothing: connected runs of empty grid cells,
 * as bounding boxes. Clickable content the platform hides from its accessibility tree
 * (e.g. `aria-hidden` bars of plain elements) lives in such holes, and only there is it
 * worth spending hit-test probes.
 */
export function emptyRegions(screen: Screen, options: EmptyRegionOptions = {}): Rect[] {
  const { cell = 16, minWidth = 40, minHeight = 24, containerShare = 0.25 } = options;
  const cols = Math.ceil(screen.size.w / cell);
  const rows = Math.ceil(screen.size.h / cell);
  const empty = new Uint8Array(cols * rows).fill(1);
  for (const r of contentRects(screen, containerShare)) {
    const c0 = Math.max(0, Math.floor(r.x / cell));
    const c1 = Math.min(cols - 1, Math.ceil((r.x + r.w) / cell) - 1);
    const r0 = Math.max(0, Math.floor(r.y / cell));
    const r1 = Math.min(rows - 1, Math.ceil((r.y + r.h) / cell) - 1);
    for (let y = r0; y <= r1; y++) {
      for (let x = c0; x <= c1; x++) {
        // A cell counts as covered only when content takes a real part of it.
        const overlap = intersectRect(r, { x: x * cell, y: y * cell, w: cell, h: cell });
        if (overlap && rectArea(overlap) >= (cell * cell) / 4) empty[y * cols + x] = 0;
      }
    }
  }
  const seen = new Uint8Array(cols * rows);
  const regions: Rect[] = [];
  for (let start = 0; start < cols * rows; start++) {
    if (!empty[start] || seen[start]) continue;
    let minX = cols;
    let minY = rows;
    let maxX = -1;
    let maxY = -1;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % cols;
      const y = Math.floor(i / cols);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const next = [x > 0 ? i - 1 : -1, x < cols - 1 ? i + 1 : -1, y > 0 ? i - cols : -1, y < rows - 1 ? i + cols : -1];
      for (const j of next) {
        if (j >= 0 && empty[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    const x = minX * cell;
    const y = minY * cell;
    const region = {
      x,
      y,
      w: Math.min(screen.size.w, (maxX + 1) * cell) - x,
      h: Math.min(screen.size.h, (maxY + 1) * cell) - y,
    };
    if (region.w >= minWidth && region.h >= minHeight) regions.push(region);
  }
  // Largest holes first: they are the likeliest to hide a whole bar.
  return regions.sort((a, b) => rectArea(b) - rectArea(a));
}
