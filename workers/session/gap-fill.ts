import type { Point, Rect, Screen, UiNode } from '../../core/model/index.js';
import { containsPoint, intersectRect, rectArea } from '../../core/model/index.js';
import { fillGaps } from '../../core/quadtree/index.js';
import { contentRects, emptyRegions, type EmptyRegionOptions } from '../../core/quadtree/empty-regions.js';

export interface GapFillOptions extends EmptyRegionOptions {
  /** Hit-test probes per observation, over all holes. */
  probeBudget?: number;
  /** A hit larger than this share of the screen is a background, not a control. */
  maxHitShare?: number;
}

/** Intersection over union of two rectangles. */
function overlapRatio(a: Rect, b: Rect): number {
  const i = intersectRect(a, b);
  if (!i) return 0;
  const inter = rectArea(i);
  return inter / (rectArea(a) + rectArea(b) - inter);
}

function framesOf(root: UiNode): Rect[] {
  const out: Rect[] = [];
  const walk = (n: UiNode): void => {
    out.push(n.visibleFrame ?? n.frame);
    n.children.forEach(walk);
  };
  walk(root);
  return out;
}

/**
 * Asks the platform "what is here?" inside the holes of the tree (DESIGN.md section 4) and
 * returns the controls it names that the tree lacks, as `source: 'hit'` nodes. Backgrounds,
 * unnamed inert nodes and elements the tree already has are left out.
 */
export async function gapFill(screen: Screen, probe: (p: Point) => Promise<UiNode | null>, options: GapFillOptions = {}): Promise<UiNode[]> {
  const { probeBudget = 12, maxHitShare = 0.2, ...regionOptions } = options;
  const covered = contentRects(screen, regionOptions.containerShare ?? 0.25);
  const regions = emptyRegions(screen, regionOptions);
  if (regions.length === 0) return [];
  const screenArea = screen.size.w * screen.size.h;
  const known = framesOf(screen.root);
  const found: UiNode[] = [];
  // A hit on something the tree has covers its frame but is not new; a background is a miss.
  const isNew = (n: UiNode, frame: Rect): boolean => (!!n.label || n.actions.includes('tap')) && !known.some((k) => overlapRatio(k, frame) > 0.8);
  let budget = probeBudget;
  for (const region of regions) {
    if (budget <= 0) break;
    const result = await fillGaps(
      region,
      async (p: Point) => {
        const node = await probe(p);
        if (!node) return null;
        const frame = node.visibleFrame ?? node.frame;
        if (rectArea(frame) === 0 || rectArea(frame) > screenArea * maxHitShare || !containsPoint(frame, p)) return null;
        return { frame, key: `${node.role}|${node.label ?? ''}|${frame.x},${frame.y},${frame.w},${frame.h}`, node };
      },
      { budget, covered },
    );
    budget -= result.probes;
    for (const { node, frame } of result.hits) {
      if (!isNew(node, frame) || found.some((f) => overlapRatio(f.visibleFrame ?? f.frame, frame) > 0.8)) continue;
      found.push({ ...node, source: 'hit', children: [] });
    }
  }
  return found;
}
