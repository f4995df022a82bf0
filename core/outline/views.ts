import type { Band } from './bands.js';
import { isActionableElement } from './format.js';
import type { OutlineElement, Snapshot } from './snapshot.js';

export interface ViewOptions {
  /** Only actionable elements and the lines that give them meaning. */
  interactive?: boolean;
  /** true: always a skeleton; false: never; 'auto' (default): above SKELETON_THRESHOLD elements. */
  skeleton?: boolean | 'auto';
}

/** Above this many lines an outline stops being a quick read; 'auto' switches to the skeleton. */
export const SKELETON_THRESHOLD = 120;
/** Lines a skeleton aims at. */
const SKELETON_BUDGET = 60;
/** Cells a skeleton keeps at the head and the tail of each list. */
const KEEP_HEAD = 3;
const KEEP_TAIL = 1;
/** Lines a skeleton keeps in the Top and Bottom bands each. */
const BAR_BUDGET = 15;

export interface Omitted {
  total: number;
  bands: Record<Band, number>;
  /** Per list: cells of which nothing is shown, and lines left out inside cells. */
  lists: Array<{ list: number; cells: number; elements: number }>;
}

export interface OutlineView {
  kind: 'full' | 'interactive' | 'skeleton' | 'interactive-skeleton';
  snapshot: Snapshot;
  /** Shown elements in `@N` order. */
  shown: OutlineElement[];
  /** Every element is shown (and no filter applies). */
  complete: boolean;
  /** Lines were left out for size (a skeleton), not by a filter the caller asked for. */
  truncated: boolean;
  omitted: Omitted;
}

function ancestorsOf(el: OutlineElement, byIndex: Map<number, OutlineElement>): OutlineElement[] {
  const out: OutlineElement[] = [];
  for (let p = el.parent; p !== undefined; p = byIndex.get(p)?.parent) {
    const a = byIndex.get(p);
    if (a) out.push(a);
  }
  return out;
}

/**
 * Actionable elements, the labelled lines inside an unlabelled actionable one (what a row says),
 * the first line of every list cell, headings, selected or checkable lines (the current tab),
 * captions (a label right before an actionable sibling), and the enclosing lines of all of those.
 */
function interactiveSet(snapshot: Snapshot): Set<number> {
  const byIndex = new Map(snapshot.elements.map((e) => [e.index, e]));
  const keep = new Set<number>();
  const els = snapshot.elements;
  els.forEach((el, i) => {
    const parent = el.parent === undefined ? undefined : byIndex.get(el.parent);
    const explainsParent = parent !== undefined && isActionableElement(parent) && parent.label === undefined && el.label !== undefined;
    const saysWhereWeAre = el.role === 'Heading' || el.states.selected === true || el.states.checked !== undefined;
    // A label right before an actionable sibling names it or its section ("Password" above a field, "VISION" above cells).
    const next = els.slice(i + 1).find((e) => e.parent === el.parent);
    const captions = el.label !== undefined && next !== undefined && next.index === el.index + 1 && isActionableElement(next);
    if (isActionableElement(el) || explainsParent || el.list !== undefined || saysWhereWeAre || captions) {
      keep.add(el.index);
      for (const a of ancestorsOf(el, byIndex)) keep.add(a.index);
    }
  });
  return keep;
}

function skeletonSet(snapshot: Snapshot, from: Set<number>): Set<number> {
  const keep = new Set(from);
  for (const list of snapshot.lists) {
    if (list.cells.length <= KEEP_HEAD + KEEP_TAIL + 1) continue;
    for (const cell of list.cells.slice(KEEP_HEAD, list.cells.length - KEEP_TAIL)) {
      for (const i of cell.elements) keep.delete(i);
    }
  }
  if (keep.size <= SKELETON_BUDGET) return keep;
  const inBand = (band: Band) => snapshot.elements.filter((e) => e.band === band && keep.has(e.index));
  const bars = [...inBand('Top'), ...inBand('Bottom')];
  const content = inBand('Content');
  const kept = new Set<number>();
  for (const band of ['Top', 'Bottom'] as const) inBand(band).slice(0, BAR_BUDGET).forEach((e) => kept.add(e.index));
  const room = Math.max(SKELETON_BUDGET - Math.min(bars.length, 2 * BAR_BUDGET), SKELETON_BUDGET / 2);
  const shallowFirst = [...content].sort((a, b) => a.depth - b.depth || a.index - b.index);
  shallowFirst.slice(0, room).forEach((e) => kept.add(e.index));
  return kept;
}

function countOmitted(snapshot: Snapshot, shown: Set<number>): Omitted {
  const bands: Record<Band, number> = { Top: 0, Content: 0, Bottom: 0 };
  let total = 0;
  for (const el of snapshot.elements) {
    if (shown.has(el.index)) continue;
    bands[el.band] += 1;
    total += 1;
  }
  const lists = snapshot.lists.map((l) => ({
    list: l.index,
    cells: l.cells.filter((c) => c.elements.length > 0 && c.elements.every((i) => !shown.has(i))).length,
    elements: l.cells.reduce((n, c) => n + c.elements.filter((i) => !shown.has(i)).length, 0),
  }));
  return { total, bands, lists: lists.filter((l) => l.elements > 0) };
}

/** Chooses what an outline shows: everything, the interactive part, and/or a skeleton. */
export function selectView(snapshot: Snapshot, options: ViewOptions = {}): OutlineView {
  const all = new Set(snapshot.elements.map((e) => e.index));
  const filtered = options.interactive ? interactiveSet(snapshot) : all;
  const wantSkeleton = options.skeleton === true || ((options.skeleton ?? 'auto') === 'auto' && filtered.size > SKELETON_THRESHOLD);
  const shown = wantSkeleton ? skeletonSet(snapshot, filtered) : filtered;
  const kind = options.interactive ? (wantSkeleton ? 'interactive-skeleton' : 'interactive') : wantSkeleton ? 'skeleton' : 'full';
  const truncated = wantSkeleton && shown.size < filtered.size;
  return {
    kind,
    snapshot,
    shown: snapshot.elements.filter((e) => shown.has(e.index)),
    complete: shown.size === all.size,
    truncated,
    omitted: countOmitted(snapshot, shown),
  };
}
