import type { Point, Rect, Screen, UiNode } from '../../core/model/index.js';
import { containsPoint, intersectRect, rectArea, rectCentre, roundRect } from '../../core/model/index.js';
import { frameDistance } from '../../core/outline/identity.js';
import { fillGaps } from '../../core/quadtree/index.js';
import { contentRects, emptyRegions, type EmptyRegionOptions } from '../../core/quadtree/empty-regions.js';

export interface GapFillOptions extends EmptyRegionOptions {
  /** Most point hit-test probes per observation, over all holes. */
  probeBudget?: number;
  /** Milliseconds a gap fill with a scan may add to an observation: the point probes after the scan stop when they are spent. */
  timeBudgetMs?: number;
  /** A hit larger than this share of the screen is a background, not a control. */
  maxHitShare?: number;
}

/** How a bridge answers "what is here?": one point at a time, and (where it can) a whole region at once. */
export interface HitTester {
  probe?: (p: Point) => Promise<UiNode | null>;
  scan?: (regions: Rect[]) => Promise<UiNode[]>;
}

/** What a gap fill found: controls the tree lacks, and labels for controls it has unnamed. */
export interface GapFill {
  hits: UiNode[];
  names: Array<{ frame: Rect; label: string }>;
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

const frameOf = (n: UiNode): Rect => n.visibleFrame ?? n.frame;

/**
 * Asks the platform "what is here?" inside the holes of the tree (DESIGN.md section 4) and
 * returns the controls it names that the tree lacks, as `source: 'hit'` nodes. First one scan of
 * every hole where the bridge can scan (cheap: it names every control painted there at once),
 * then quadtree point probes over what is left, until the probe or time budget is spent.
 * Backgrounds, unnamed inert nodes and elements the tree already has are left out. The scan
 * also reads the frames of the tree's unnamed controls, to name them where the page says how.
 */
export async function gapFill(screen: Screen, tester: HitTester, options: GapFillOptions = {}): Promise<GapFill> {
  const { probeBudget = 12, timeBudgetMs = 40, maxHitShare = 0.2, ...regionOptions } = options;
  const started = performance.now();
  const covered = contentRects(screen, regionOptions.containerShare ?? 0.25);
  const regions = emptyRegions(screen, { maxRegions: 12, ...regionOptions });
  const screenArea = screen.size.w * screen.size.h;
  const unnamed = unnamedControls(screen.root, screenArea * maxHitShare);
  const out: GapFill = { hits: [], names: [] };
  if (regions.length === 0 && (unnamed.length === 0 || !tester.scan)) return out;
  const known = framesOf(screen.root);
  const found = out.hits;
  const usable = (n: UiNode): boolean => {
    const frame = frameOf(n);
    return rectArea(frame) > 0 && rectArea(frame) <= screenArea * maxHitShare && (!!n.label || n.actions.includes('tap'));
  };
  // A hit on something the tree has, or on something already found, is not new.
  const keep = (n: UiNode): void => {
    const frame = frameOf(n);
    if (!usable(n) || known.some((k) => overlapRatio(k, frame) > 0.8) || found.some((f) => overlapRatio(frameOf(f), frame) > 0.8)) return;
    found.push({ ...n, source: 'hit', children: [] });
  };
  if (tester.scan) {
    // The same scan reads the tree's unnamed controls: the page may say what they are (a title, an icon).
    const scanned = await tester.scan([...regions, ...unnamed]);
    scanned.forEach(keep);
    for (const frame of unnamed) {
      const label = scanned.find((n) => n.label && overlapRatio(frameOf(n), frame) > 0.8)?.label;
      if (label) out.names.push({ frame, label });
    }
  }
  if (!tester.probe) return out;
  const probe = tester.probe;
  let budget = probeBudget;
  // After a scan the probes only look for what left no evidence: they get what remains of the
  // time budget, and one is not started unless one more (as long as the last) still fits. Without
  // a scan the probes are the search itself, bounded by their count alone so the same screen
  // always gives the same outline.
  let lastProbeMs = 0;
  const overTime = (): boolean => !!tester.scan && performance.now() - started + lastProbeMs > timeBudgetMs;
  for (const region of regions) {
    if (budget <= 0 || overTime()) break;
    const result = await fillGaps(
      region,
      async (p: Point) => {
        const t = performance.now();
        const node = await probe(p);
        lastProbeMs = performance.now() - t;
        if (!node) return null;
        const frame = frameOf(node);
        if (rectArea(frame) === 0 || rectArea(frame) > screenArea * maxHitShare || !containsPoint(frame, p)) return null;
        return { frame, key: `${node.role}|${node.label ?? ''}|${frame.x},${frame.y},${frame.w},${frame.h}`, node };
      },
      { budget, covered: [...covered, ...found.map(frameOf)], stop: overTime },
    );
    budget -= result.probes;
    result.hits.forEach((h) => keep(h.node));
  }
  return out;
}

/**
 * A label that is an identifier rather than words (`chevron_left_ios`, `ios-back-button-icon`):
 * what an icon font's ligature or an icon's file title leaks into the accessible name.
 */
const IDENTIFIER = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/;

/** A tappable node the page did not name in words: no label, or an icon's identifier for one. */
function unnamed(n: UiNode): boolean {
  return n.actions.includes('tap') && !n.value && (!n.label || IDENTIFIER.test(n.label));
}

/** Frames of the tree's tappable nodes that have no label in words (an icon-only button the page left unnamed). */
function unnamedControls(root: UiNode, maxArea: number): Rect[] {
  const out: Rect[] = [];
  const walk = (n: UiNode): void => {
    const frame = frameOf(n);
    if (unnamed(n) && rectArea(frame) > 0 && rectArea(frame) <= maxArea) out.push(frame);
    n.children.forEach(walk);
  };
  walk(root);
  return out.slice(0, 32);
}

/**
 * The tree with labels the hit scan found for its unnamed controls (matched by frame). The tree's
 * own words win: only a node without label or value, or whose label is an identifier, is named.
 */
export function nameControls(root: UiNode, names: GapFill['names']): UiNode {
  if (names.length === 0) return root;
  const walk = (n: UiNode): UiNode => {
    const children = n.children.map(walk);
    const name = unnamed(n) ? names.find((m) => m.label !== n.label && overlapRatio(m.frame, frameOf(n)) > 0.99) : undefined;
    if (!name && children.every((c, i) => c === n.children[i])) return n;
    return { ...n, ...(name ? { label: name.label } : {}), children };
  };
  return walk(root);
}

/** The same hit: role and label equal, frame within a point. */
export function sameHit(node: UiNode | null | undefined, want: { role: string; label?: string | undefined; frame: Rect }): boolean {
  if (!node || node.role !== want.role || node.label !== want.label) return false;
  return frameDistance(roundRect(frameOf(node)), roundRect(want.frame)) <= 1;
}

/**
 * Whether hit-found elements are still where they were: one scan of their frames where the
 * bridge scans (a scanned element is named the same way again), else one probe each.
 */
export async function stillThere(hits: Array<{ role: string; label?: string | undefined; frame: Rect }>, tester: HitTester): Promise<boolean> {
  if (hits.length === 0) return true;
  const scanned = tester.scan ? await tester.scan(hits.map((h) => h.frame)) : [];
  for (const hit of hits) {
    if (scanned.some((n) => sameHit(n, hit))) continue;
    if (!tester.probe || !sameHit(await tester.probe(rectCentre(hit.frame)), hit)) return false;
  }
  return true;
}
