import type { Rect } from '../../core/model/geometry.js';
import { containsPoint, intersectRect, rectArea } from '../../core/model/geometry.js';
import type { Screen } from '../../core/model/screen.js';
import type { UiNode } from '../../core/model/ui-node.js';
import { parseScreen } from '../../core/import-and-clean.js';
import { considerLists, type ConsideredList, type FoundList } from '../../core/lists/index.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadFixture } from './fixtures.js';

/** LABELS.tsv frames are in the file's own units: pixels for Android and Rico, points for iOS. */
function labelledRect(bounds: string, screen: Screen): Rect | null {
  const n = bounds.split(',').map(Number);
  if (n.length !== 4 || n.some((v) => !Number.isFinite(v))) return null;
  const [x1, y1, x2, y2] = n as [number, number, number, number];
  const f = screen.platform === 'android' ? screen.scale : 1;
  return { x: x1 / f, y: y1 / f, w: (x2 - x1) / f, h: (y2 - y1) / f };
}

const textOf = (n: UiNode): string => [n.label, n.value, ...n.children.map(textOf)].filter(Boolean).join(' ');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function iou(a: Rect, b: Rect): number {
  const i = intersectRect(a, b);
  const inter = i ? rectArea(i) : 0;
  return inter / (rectArea(a) + rectArea(b) - inter);
}

/** The cell says the label's first-cell text (where the label gives one). */
const saysLabelledText = (cell: UiNode, text: string): boolean => text !== '(no text)' && text !== '-' && squash(textOf(cell)).includes(squash(text));

function isLabelledFirst(cell: UiNode, text: string, bounds: Rect | null): boolean {
  return (bounds !== null && iou(cell.frame, bounds) >= 0.5) || saysLabelledText(cell, text);
}

/** Less than half of it can be seen: a boundary cell the labeller did not count. */
function isPartial(cell: UiNode): boolean {
  const v = cell.visibleFrame ?? cell.frame;
  return rectArea(v) < rectArea(cell.frame) / 2;
}

export interface Verdict {
  agrees: boolean;
  found: string;
}

/**
 * The labels README's rule: the main list is found with between `cells` and `cells +
 * partial_cells` cells (one more or less for a boundary cell), starting at the first cell;
 * for a screen without a main list, no list of three or more cells is reported.
 */
export function judge(row: Record<string, string>, screen: Screen, lists: FoundList[]): Verdict {
  const big = lists.filter((l) => l.cells.length >= 3);
  if (row.main_list === 'no') return { agrees: big.length === 0, found: big.length === 0 ? 'no list of 3+' : `${big.length} list(s) of 3+` };
  const best = lists[0];
  if (!best) return { agrees: false, found: 'no list' };
  const cells = Number(row.cells);
  const partial = Number(row.partial_cells);
  const n = best.cells.length;
  const countOk = n >= cells - 1 && n <= cells + partial + 1;
  const bounds = labelledRect(row.first_cell_bounds ?? '', screen);
  const [c0, c1] = best.cells as [UiNode, UiNode | undefined];
  const text = row.first_cell_text ?? '';
  // A first cell cut by the list's edge counts (and is marked clipped) where the labeller left it out.
  const cutFirst = isPartial(c0) || best.clipped.includes(c0);
  const startOk = isLabelledFirst(c0, text, bounds) || (c1 !== undefined && cutFirst && isLabelledFirst(c1, text, bounds));
  const first = squash(textOf(c0)).slice(0, 24);
  return { agrees: countOk && startOk, found: `${best.detector}/${best.axis} ${n} cells from "${first}"${countOk ? '' : ' (count off)'}${startOk ? '' : ' (wrong start)'}` };
}

/**
 * Why a screen disagrees with its label, checked in this order: the label says there is no
 * main list (`false list`); a list the detector reports agrees, but not the first
 * (`chosen wrong`); a candidate admission or conflict pruning dropped agrees (`not admitted`);
 * the first list is the labelled one with its count or first cell off (`wrong count/start`);
 * no candidate is the labelled list (`not found`).
 */
export const MISS_KINDS = ['not found', 'not admitted', 'chosen wrong', 'wrong count/start', 'false list'] as const;
export type MissKind = (typeof MISS_KINDS)[number];

export interface Miss {
  kind: MissKind;
  /** For `not admitted`, the stage that dropped the agreeing candidate; for `chosen wrong`, its rank. */
  detail: string;
}

/** The cell the label names as the first: by its bounds where the label gives them, else by its text. */
function isLabelledCell(cell: UiNode, text: string, bounds: Rect | null): boolean {
  return bounds ? iou(cell.frame, bounds) >= 0.5 : saysLabelledText(cell, text);
}

/**
 * The list is the labelled one: it holds the labelled first cell, or that cell lies in its
 * container outside every cell of it (a first row the list left out); a list with the labelled
 * list inside one of its cells is another list.
 */
function isLabelledList(row: Record<string, string>, screen: Screen, list: FoundList): boolean {
  const bounds = labelledRect(row.first_cell_bounds ?? '', screen);
  const text = row.first_cell_text ?? '';
  if (list.cells.some((c) => isLabelledCell(c, text, bounds))) return true;
  if (!bounds) return false;
  const centre = { x: bounds.x + bounds.w / 2, y: bounds.y + bounds.h / 2 };
  return containsPoint(list.containerFrame, centre) && !list.cells.some((c) => containsPoint(c.frame, centre));
}

/** The kind of a screen's disagreement (MISS_KINDS), from every candidate the detector considered. */
export function missKind(row: Record<string, string>, screen: Screen, considered: readonly ConsideredList[]): Miss {
  if (row.main_list === 'no') return { kind: 'false list', detail: '' };
  const listed = considered.filter((c) => c.fate === 'listed');
  const rank = listed.findIndex((c) => judge(row, screen, [c.list]).agrees);
  if (rank >= 0) return { kind: 'chosen wrong', detail: `list ${rank + 1} of ${listed.length}` };
  const dropped = considered.find((c) => c.fate !== 'listed' && judge(row, screen, [c.list]).agrees);
  if (dropped) return { kind: 'not admitted', detail: dropped.fate === 'conflict' ? 'pruned: shares cells with a better list' : 'at admission' };
  const [first] = listed;
  if (first && isLabelledList(row, screen, first.list)) return { kind: 'wrong count/start', detail: '' };
  return { kind: 'not found', detail: '' };
}

export interface Agreement {
  /** Screens with a high or medium confidence label, and how many of them agree. */
  counted: number;
  agreed: number;
  /** Every labelled screen (low-confidence labels are informative, not a verdict). */
  all: number;
  agreedAll: number;
  /** One line per screen: verdict, confidence, file, label, what was found. */
  lines: string[];
  /** Labelled files whose dump is not in the folder (not measured). */
  missing: string[];
  /** The high/medium-confidence screens that disagree, by kind of miss. */
  misses: Record<MissKind, number>;
}

/** List detection against label rows (LABELS.tsv) whose dumps are in `dir`, optionally one `split` of them. */
export function measureAgreement(labels: Array<Record<string, string>>, dir: string, split?: string): Agreement {
  const misses = Object.fromEntries(MISS_KINDS.map((k) => [k, 0])) as Record<MissKind, number>;
  const out: Agreement = { counted: 0, agreed: 0, all: 0, agreedAll: 0, lines: [], missing: [], misses };
  for (const row of labels) {
    if (split !== undefined && row.split !== split) continue;
    if (!existsSync(join(dir, row.file ?? ''))) {
      out.missing.push(row.file ?? '');
      continue;
    }
    const screen = parseScreen(loadFixture(row.file ?? '', dir).text);
    const considered = considerLists(screen);
    const v = judge(row, screen, considered.filter((c) => c.fate === 'listed').map((c) => c.list));
    const miss = v.agrees ? null : missKind(row, screen, considered);
    out.all++;
    if (v.agrees) out.agreedAll++;
    if (row.confidence !== 'low') {
      out.counted++;
      if (v.agrees) out.agreed++;
      if (miss) out.misses[miss.kind]++;
    }
    const label = row.main_list === 'no' ? 'no main list' : `${row.cells}+${row.partial_cells} cells from "${(row.first_cell_text ?? '').slice(0, 24)}"`;
    const kind = miss ? ` | ${miss.kind}${miss.detail ? ` (${miss.detail})` : ''}` : '';
    out.lines.push(`${v.agrees ? 'AGREE   ' : 'DISAGREE'} | ${(row.confidence ?? '').padEnd(6)} | ${row.file} | ${label} | ${v.found}${kind}`);
  }
  return out;
}

/** The misses by kind, the kinds with none left out. */
export const missCounts = (a: Agreement): string =>
  MISS_KINDS.filter((k) => a.misses[k] > 0)
    .map((k) => `${k} ${a.misses[k]}`)
    .join(', ');

export const percent = (a: Agreement): string => `${a.agreed}/${a.counted} (${a.counted ? ((100 * a.agreed) / a.counted).toFixed(1) : '-'}%)`;
