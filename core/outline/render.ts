import type { Screen } from '../model/screen.js';
import { BANDS } from './bands.js';
import { cellAlias, collapseSpace, formatElement, isActionableElement } from './format.js';
import { printableIds } from './ids.js';
import type { OutlineElement, Snapshot } from './snapshot.js';
import type { OutlineView, ViewOptions } from './views.js';
import { selectView } from './views.js';

export interface RenderOptions extends ViewOptions {
  /** Print the stillness figure in the header (default true): the only part that varies for an unchanged screen. */
  still?: boolean;
  /**
   * 'auto' (default): frames only where words cannot place an element, ids where they address
   * something, repeated labels left out. 'all': every frame, id and label (the verbose form).
   */
  frames?: 'auto' | 'all';
}

/** Labels longer than this are cut in the text outline (the JSON form keeps them whole). */
export const MAX_TEXT = 80;
const INDENT = '  ';

function stillText(screen: Screen): string | undefined {
  if (!screen.still) return undefined;
  return screen.still.still ? `still ${(screen.still.ms / 1000).toFixed(1)}s` : 'not still';
}

export function headerLine(view: OutlineView, options: RenderOptions = {}): string {
  const { screen, id } = view.snapshot;
  const parts = [`App: ${screen.app ?? '?'}`, `${Math.round(screen.size.w)}x${Math.round(screen.size.h)}`, screen.orientation];
  const still = options.still === false ? undefined : stillText(screen);
  if (still) parts.push(still);
  if (screen.pixels) parts.push(`pixels: ${screen.pixels}`);
  parts.push(`snapshot ${id}`);
  if (view.kind !== 'full') parts.push(`${view.kind} ${view.shown.length}/${view.snapshot.elements.length}`);
  return parts.join('  ');
}

/** Lines that put words to an element: its own label or value, or labelled lines directly inside it. */
function explained(snapshot: Snapshot): (el: OutlineElement) => boolean {
  const labelledParents = new Set(snapshot.elements.filter((e) => e.label !== undefined && e.parent !== undefined).map((e) => e.parent));
  return (el) => el.label !== undefined || el.value !== undefined || labelledParents.has(el.index);
}

function scrolls(el: OutlineElement): boolean {
  return el.states.scrollable === true || el.actions.includes('scroll');
}

/**
 * In the default ('auto') text, a frame is printed where words cannot say what or where an
 * element is: unlabelled elements (an icon button), scrollers (the area a swipe works in), and
 * elements found by hit-testing or pixels (the frame is the evidence). Labelled elements are
 * reached by their ref; their frames stay in the JSON form and with frames: 'all'.
 */
function frameRule(snapshot: Snapshot, frames: 'auto' | 'all'): (el: OutlineElement) => boolean {
  if (frames === 'all') return () => true;
  const says = explained(snapshot);
  return (el) => el.source !== 'ax' || scrolls(el) || !says(el);
}

/** Ids are printed where they help to address something: on actionable or unlabelled lines. */
function idRule(snapshot: Snapshot, frames: 'auto' | 'all'): (el: OutlineElement) => string | undefined {
  const ids = printableIds(snapshot);
  if (frames === 'all') return (el) => ids.get(el.index);
  return (el) => (isActionableElement(el) || (el.label === undefined && el.value === undefined) ? ids.get(el.index) : undefined);
}

/**
 * Labels the text can leave out because other shown lines already say them: a label repeating
 * the label of the line it sits in (an iOS switch in its cell), and a label that is exactly its
 * child lines' labels run together (a web link named by its content). The JSON keeps them all.
 */
function repeatedLabel(snapshot: Snapshot, shown: Set<number>): (el: OutlineElement) => boolean {
  const byIndex = new Map(snapshot.elements.map((e) => [e.index, e]));
  const childLabels = new Map<number, string[]>();
  const childCount = new Map<number, number>();
  for (const e of snapshot.elements) {
    if (e.parent === undefined || !shown.has(e.index)) continue;
    childCount.set(e.parent, (childCount.get(e.parent) ?? 0) + 1);
    if (e.label !== undefined) childLabels.set(e.parent, [...(childLabels.get(e.parent) ?? []), e.label]);
  }
  return (el) => {
    if (el.label === undefined) return false;
    const parent = el.parent === undefined ? undefined : byIndex.get(el.parent);
    if (parent !== undefined && shown.has(parent.index) && parent.label === el.label) return true;
    const parts = childLabels.get(el.index) ?? [];
    return parts.length > 1 && parts.length === childCount.get(el.index) && collapseSpace(parts.join(' ')) === collapseSpace(el.label);
  };
}

/** Depth among the shown lines only, so filtered views indent consistently. */
function shownDepth(el: OutlineElement, byIndex: Map<number, OutlineElement>, shown: Set<number>): number {
  let d = 0;
  for (let p = el.parent; p !== undefined; p = byIndex.get(p)?.parent) if (shown.has(p)) d += 1;
  return d;
}

function gapLine(hidden: OutlineElement[], depth: number): string {
  const cells = [...new Set(hidden.map(cellAlias).filter((a) => a !== undefined))];
  const where = cells.length > 1 ? ` (cells ${cells[0]}-${cells[cells.length - 1]})` : cells.length === 1 ? ` (cell ${cells[0]})` : '';
  return `${INDENT.repeat(depth)}… ${hidden.length} more${where}`;
}

/**
 * The outline lines of a view: bands, then one line per shown element, and gap lines in a
 * skeleton. A label repeating the label of the line it sits in (an iOS switch inside its cell)
 * is left out: the indentation says whose it is.
 */
export function renderView(view: OutlineView, options: RenderOptions = {}): string {
  const byIndex = new Map(view.snapshot.elements.map((e) => [e.index, e]));
  const shown = new Set(view.shown.map((e) => e.index));
  const frames = options.frames ?? 'auto';
  const saysAgain = repeatedLabel(view.snapshot, shown);
  const showsFrame = frameRule(view.snapshot, frames);
  const idOf = idRule(view.snapshot, frames);
  const lines = [headerLine(view, options)];
  if (view.snapshot.elements.length === 0) lines.push('(no elements: the tree shows nothing)');
  const marksGaps = view.truncated;
  for (const band of BANDS) {
    const inBand = view.snapshot.elements.filter((e) => e.band === band);
    if (!inBand.some((e) => shown.has(e.index))) {
      if (marksGaps && inBand.length > 0) lines.push(`[${band}]`, gapLine(inBand, 0));
      continue;
    }
    lines.push(`[${band}]`);
    let hidden: OutlineElement[] = [];
    let hiddenDepth = 0;
    for (const el of inBand) {
      if (!shown.has(el.index)) {
        if (hidden.length === 0) hiddenDepth = shownDepth(el, byIndex, shown);
        hidden.push(el);
        continue;
      }
      if (hidden.length > 0 && marksGaps) lines.push(gapLine(hidden, hiddenDepth));
      hidden = [];
      const text = formatElement(el, { frame: showsFrame(el), idText: idOf(el), maxText: MAX_TEXT, omitLabel: frames === 'auto' && saysAgain(el) });
      lines.push(INDENT.repeat(shownDepth(el, byIndex, shown)) + text);
    }
    if (hidden.length > 0 && marksGaps) lines.push(gapLine(hidden, hiddenDepth));
  }
  if (view.filteredOut > 0) lines.push(`… ${view.filteredOut} ${view.filteredOut === 1 ? 'line' : 'lines'} left out: not actionable (the outline without --interactive shows them)`);
  return `${lines.join('\n')}\n`;
}

/** The text outline of a snapshot (DESIGN.md section 3). */
export function renderOutline(snapshot: Snapshot, options: RenderOptions = {}): string {
  return renderView(selectView(snapshot, options), options);
}
