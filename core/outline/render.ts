import type { Screen } from '../model/screen.js';
import type { Band } from './bands.js';
import { formatElement, isActionableElement } from './format.js';
import { printableIds } from './ids.js';
import type { OutlineElement, Snapshot } from './snapshot.js';
import type { OutlineView, ViewOptions } from './views.js';
import { selectView } from './views.js';

export interface RenderOptions extends ViewOptions {
  /** Print the stillness figure in the header (default true): the only part that varies for an unchanged screen. */
  still?: boolean;
}

/** Labels longer than this are cut in the text outline (the JSON form keeps them whole). */
export const MAX_TEXT = 80;
const INDENT = '  ';
const BANDS: Band[] = ['Top', 'Content', 'Bottom'];

function stillText(screen: Screen): string | undefined {
  if (!screen.still) return undefined;
  return screen.still.still ? `still ${(screen.still.ms / 1000).toFixed(1)}s` : 'not still';
}

export function headerLine(view: OutlineView, options: RenderOptions = {}): string {
  const { screen, id } = view.snapshot;
  const parts = [`App: ${screen.app ?? '?'}`, `${Math.round(screen.size.w)}x${Math.round(screen.size.h)}`, screen.orientation];
  const still = options.still === false ? undefined : stillText(screen);
  if (still) parts.push(still);
  parts.push(`snapshot ${id}`);
  if (view.kind !== 'full') parts.push(`${view.kind} ${view.shown.length}/${view.snapshot.elements.length}`);
  return parts.join('  ');
}

/**
 * Text inside an actionable line (a row, a button) is reached through that line: its own frame
 * adds nothing. Everything that can be acted on, stands alone, or sits in a scroller or a list
 * (where the enclosing frame says little about where the text is) keeps its frame.
 */
function showsFrame(el: OutlineElement, byIndex: Map<number, OutlineElement>): boolean {
  if (isActionableElement(el) || el.source !== 'ax' || el.parent === undefined) return true;
  const parent = byIndex.get(el.parent);
  if (parent === undefined || !isActionableElement(parent)) return true;
  return parent.states.scrollable === true || parent.actions.includes('scroll');
}

/** Depth among the shown lines only, so filtered views indent consistently. */
function shownDepth(el: OutlineElement, byIndex: Map<number, OutlineElement>, shown: Set<number>): number {
  let d = 0;
  for (let p = el.parent; p !== undefined; p = byIndex.get(p)?.parent) if (shown.has(p)) d += 1;
  return d;
}

function gapLine(hidden: OutlineElement[], depth: number): string {
  const cells = [...new Set(hidden.filter((e) => e.list).map((e) => `#${e.list?.cell}${e.list?.list === 1 ? '' : `@${e.list?.list}`}`))];
  const where = cells.length > 1 ? ` (cells ${cells[0]}-${cells[cells.length - 1]})` : cells.length === 1 ? ` (cell ${cells[0]})` : '';
  return `${INDENT.repeat(depth)}… ${hidden.length} more${where}`;
}

/** The outline lines of a view: bands, then one line per shown element, and gap lines in a skeleton. */
export function renderView(view: OutlineView, options: RenderOptions = {}): string {
  const byIndex = new Map(view.snapshot.elements.map((e) => [e.index, e]));
  const shown = new Set(view.shown.map((e) => e.index));
  const ids = printableIds(view.snapshot);
  const lines = [headerLine(view, options)];
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
      const text = formatElement(el, { frame: showsFrame(el, byIndex), idText: ids.get(el.index), maxText: MAX_TEXT });
      lines.push(INDENT.repeat(shownDepth(el, byIndex, shown)) + text);
    }
    if (hidden.length > 0 && marksGaps) lines.push(gapLine(hidden, hiddenDepth));
  }
  return `${lines.join('\n')}\n`;
}

/** The text outline of a snapshot (DESIGN.md section 3). */
export function renderOutline(snapshot: Snapshot, options: RenderOptions = {}): string {
  return renderView(selectView(snapshot, options), options);
}
