import type { Band } from './bands.js';
import { isActionableElement } from './format.js';
import type { OutlineElement, Snapshot } from './snapshot.js';

export interface ViewOptions {
  /** Only actionable elements, and the nearest label of each that has none. */
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
  /** Lines the caller's filter (--interactive) left out; the skeleton's gaps are counted in `omitted`. */
  filteredOut: number;
}

/** The label that says what an unlabelled element is: the labelled lines directly inside it, else the caption right before it. */
function nearestLabels(el: OutlineElement, els: OutlineElement[], i: number): OutlineElement[] {
  const inside = els.filter((e) => e.parent === el.index && e.label !== undefined && !isActionableElement(e));
  if (inside.length > 0) return inside;
  const prev = els[i - 1];
  return prev !== undefined && prev.parent === el.parent && prev.label !== undefined && !isActionableElement(prev) ? [prev] : [];
}

/**
 * Only what takes an action, plus the nearest label of each element that has none of its own
 * (a row's text, the caption above a field), so the lines left are the things an agent can do.
 */
function interactiveSet(snapshot: Snapshot): Set<number> {
  const keep = new Set<number>();
  const els = snapshot.elements;
  els.forEach((el, i) => {
    if (!isActionableElement(el)) return;
    keep.add(el.index);
    if (el.label === undefined && el.value === undefined) for (const l of nearestLabels(el, els, i)) keep.add(l.index);
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
  const bars = [...inBand('Top'), ...inBand('Bottom'), ...inBand('Overlay')];
  const content = inBand('Content');
  const kept = new Set<number>();
  for (const band of ['Top', 'Bottom', 'Overlay'] as const) inBand(band).slice(0, BAR_BUDGET).forEach((e) => kept.add(e.index));
  const room = Math.max(SKELETON_BUDGET - Math.min(bars.length, 2 * BAR_BUDGET), SKELETON_BUDGET / 2);
  const shallowFirst = [...content].sort((a, b) => a.depth - b.depth || a.index - b.index);
  shallowFirst.slice(0, room).forEach((e) => kept.add(e.index));
  return kept;
}

function countOmitted(snapshot: Snapshot, shown: Set<number>): Omitted {
  const bands: Record<Band, number> = { Top: 0, Content: 0, Bottom: 0, Overlay: 0 };
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
    filteredOut: all.size - filtered.size,
  };
}
