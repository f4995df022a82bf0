import { SimlabError } from '../contract/envelope.js';
import type { Point, Rect, Size } from '../model/geometry.js';
import { containsPoint, intersectRect, rectCentre } from '../model/geometry.js';
import { splitCell, subtractRect } from './subtract.js';

export { splitCell, subtractRect } from './subtract.js';

/** What a bridge's hit test found at a point: the element's frame and an identity to dedupe by. */
export interface HitResult {
  frame: Rect;
  /** Same element, same key (e.g. a DOM backend node id, an AX element address). */
  key: string;
}

export interface FillGapsOptions {
  /** Size of the first probing grid's cells. */
  seed?: Size;
  /** Cells are not split below this size, and uncovered strips thinner than it are dropped. */
  minSize?: number;
  /** Most probes to spend. */
  budget?: number;
  /** Frames already known (e.g. elements the tree exposes): never probed. */
  covered?: Rect[];
  /** Asked before each probe; true ends the search as a spent budget does (e.g. a time budget). */
  stop?: () => boolean;
}

export interface FillGapsResult<H extends HitResult> {
  /** Distinct hits (by key), in the order they were found. */
  hits: H[];
  probes: number;
  /** True when the budget ran out (or stop() said so) before every cell was explored. */
  exhausted: boolean;
}

export const DEFAULT_SEED: Size = { w: 160, h: 80 };
export const DEFAULT_MIN_SIZE = 14;
export const DEFAULT_BUDGET = 256;

function checkOptions(region: Rect, seed: Size, minSize: number, budget: number): void {
  const bad = (what: string) => new SimlabError('INVALID_ARGS', `fillGaps: ${what}`);
  if (![region.x, region.y, region.w, region.h].every(Number.isFinite)) throw bad('region must have finite x, y, w, h');
  if (!(seed.w > 0 && seed.h > 0 && Number.isFinite(seed.w) && Number.isFinite(seed.h))) throw bad('seed must have a positive w and h');
  if (!(minSize > 0 && Number.isFinite(minSize))) throw bad('minSize must be a positive number');
  if (!(budget >= 0) || !(Number.isInteger(budget) || budget === Infinity)) throw bad('budget must be a whole number >= 0');
}

/**
 * Quadtree gap filling (DESIGN.md section 4): find what a point hit test can see in `region`
 * when the tree does not expose it. Breadth-first over a queue of cells, so the coarse grid is
 * covered before any fine detail and the order is deterministic:
 * - a cell whose centre is covered is not probed; only its uncovered rest goes on;
 * - a hit covers its frame; the cell's rest (up to four rectangles) goes on;
 * - a miss splits the cell in four, down to minSize.
 * `probe` answers null where there is nothing to find (including a plain background).
 */
export async function fillGaps<H extends HitResult>(
  region: Rect,
  probe: (p: Point) => Promise<H | null>,
  options: FillGapsOptions = {},
): Promise<FillGapsResult<H>> {
  const seed = options.seed ?? DEFAULT_SEED;
  const minSize = options.minSize ?? DEFAULT_MIN_SIZE;
  const budget = options.budget ?? DEFAULT_BUDGET;
  checkOptions(region, seed, minSize, budget);
  const covered: Rect[] = (options.covered ?? []).filter((r) => intersectRect(r, region));
  const hits: H[] = [];
  const seen = new Set<string>();
  let probes = 0;

  const queue: Rect[] = [];
  for (let y = region.y; y < region.y + region.h; y += seed.h) {
    for (let x = region.x; x < region.x + region.w; x += seed.w) {
      const cell = { x, y, w: Math.min(seed.w, region.x + region.w - x), h: Math.min(seed.h, region.y + region.h - y) };
      if (cell.w >= minSize && cell.h >= minSize) queue.push(cell);
    }
  }

  for (let i = 0; i < queue.length; i++) {
    const cell = queue[i] as Rect;
    const centre = rectCentre(cell);
    const cover = covered.find((r) => containsPoint(r, centre));
    if (cover) {
      queue.push(...subtractRect(cell, cover, minSize));
      continue;
    }
    if (probes >= budget || options.stop?.()) return { hits, probes, exhausted: true };
    probes++;
    const hit = await probe(centre);
    if (hit && !seen.has(hit.key)) {
      seen.add(hit.key);
      hits.push(hit);
    }
    if (hit) covered.push(hit.frame);
    if (hit && containsPoint(hit.frame, centre)) {
      queue.push(...subtractRect(cell, hit.frame, minSize));
    } else {
      // A miss, or a hit that does not contain its own probe point: look closer.
      queue.push(...splitCell(cell, minSize));
    }
  }
  return { hits, probes, exhausted: false };
}
