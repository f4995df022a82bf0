import { rectCentre } from '../model/geometry.js';
import { formatElement, isActionableElement, notableStates } from './format.js';
import { printableIds } from './ids.js';
import { collapseSpace } from './format.js';
import { MAX_TEXT, renderOutline } from './render.js';
import type { OutlineElement, Snapshot } from './snapshot.js';

export interface DiffPair {
  before: OutlineElement;
  after: OutlineElement;
  /** The frame changed (e.g. the list scrolled) while the element stayed the same. */
  moved: boolean;
}

/** What an action changed: elements matched by identity (id, role+label, position), never by `@N`. */
export interface SettledDiff {
  from: string;
  to: string;
  added: OutlineElement[];
  removed: OutlineElement[];
  /** Same element, different label, value or state. */
  changed: DiffPair[];
  same: DiffPair[];
}

/** Centres closer than this (points) make two id-less, label-less elements of one role the same. */
const POSITION_TOLERANCE = 8;

type Key = (el: OutlineElement) => string | undefined;

/**
 * What an element says: its label, or for an unlabelled one (an Android row) the labels of the
 * lines directly inside it, so rows sharing one resource-id are told apart by their text.
 */
function saysOf(snapshot: Snapshot): (el: OutlineElement) => string | null {
  const inside = new Map<number, string[]>();
  for (const e of snapshot.elements) {
    if (e.parent !== undefined && e.label !== undefined) inside.set(e.parent, [...(inside.get(e.parent) ?? []), e.label]);
  }
  return (el) => el.label ?? inside.get(el.index)?.join('\u0001') ?? null;
}

function byIdRoleSays(says: (el: OutlineElement) => string | null): Key {
  return (e) => JSON.stringify([e.id ?? null, e.role, says(e)]);
}
const byIdRole: Key = (e) => (e.id === undefined ? undefined : JSON.stringify([e.id, e.role]));

/** What a reader sees of an element apart from where it is. */
function content(el: OutlineElement): string {
  return JSON.stringify([el.role, el.label ?? null, el.value ?? null, notableStates(el)]);
}

/** Pairs still-unmatched elements with equal keys, in `@N` order on both sides. */
function matchByKey(before: OutlineElement[], after: OutlineElement[], used: [Set<number>, Set<number>], keys: [Key, Key], out: Array<[OutlineElement, OutlineElement]>): void {
  const [key, afterKey] = keys;
  const buckets = new Map<string, OutlineElement[]>();
  for (const b of before) {
    const k = used[0].has(b.index) ? undefined : key(b);
    if (k !== undefined) buckets.set(k, [...(buckets.get(k) ?? []), b]);
  }
  for (const a of after) {
    if (used[1].has(a.index)) continue;
    const k = afterKey(a);
    const b = k === undefined ? undefined : buckets.get(k)?.shift();
    if (!b) continue;
    used[0].add(b.index);
    used[1].add(a.index);
    out.push([b, a]);
  }
}

function matchByPosition(before: OutlineElement[], after: OutlineElement[], used: [Set<number>, Set<number>], out: Array<[OutlineElement, OutlineElement]>): void {
  for (const a of after) {
    if (used[1].has(a.index) || a.id !== undefined) continue;
    const ca = rectCentre(a.frame);
    const b = before.find((e) => {
      if (used[0].has(e.index) || e.id !== undefined || e.role !== a.role) return false;
      const cb = rectCentre(e.frame);
      return Math.abs(ca.x - cb.x) <= POSITION_TOLERANCE && Math.abs(ca.y - cb.y) <= POSITION_TOLERANCE;
    });
    if (!b) continue;
    used[0].add(b.index);
    used[1].add(a.index);
    out.push([b, a]);
  }
}

export function diffSnapshots(before: Snapshot, after: Snapshot): SettledDiff {
  const used: [Set<number>, Set<number>] = [new Set(), new Set()];
  const pairs: Array<[OutlineElement, OutlineElement]> = [];
  matchByKey(before.elements, after.elements, used, [byIdRoleSays(saysOf(before)), byIdRoleSays(saysOf(after))], pairs);
  matchByKey(before.elements, after.elements, used, [byIdRole, byIdRole], pairs);
  matchByPosition(before.elements, after.elements, used, pairs);
  const diff: SettledDiff = { from: before.id, to: after.id, added: [], removed: [], changed: [], same: [] };
  for (const [b, a] of pairs.sort((x, y) => x[1].index - y[1].index)) {
    const f1 = b.frame;
    const f2 = a.frame;
    const pair = { before: b, after: a, moved: f1.x !== f2.x || f1.y !== f2.y || f1.w !== f2.w || f1.h !== f2.h };
    (content(b) === content(a) ? diff.same : diff.changed).push(pair);
  }
  diff.added = after.elements.filter((e) => !used[1].has(e.index));
  diff.removed = before.elements.filter((e) => !used[0].has(e.index));
  return diff;
}

export interface RenderDiffOptions {
  /** `=` lines: listed one by one, or summarized as a count; 'auto' lists up to SAME_LISTED_MAX. */
  same?: 'list' | 'count' | 'auto';
}

/** Up to this many unchanged lines are listed; more read as a count. */
export const SAME_LISTED_MAX = 8;

/**
 * Where a diff line gives the frame: only where the outline itself does for an element found by
 * hit-testing or pixels (its position is what the platform vouches for). Elsewhere the refs and
 * the `moved` count say enough, and coordinates on every line cost an agent more than they tell.
 */
const framed = (el: OutlineElement) => el.source !== 'ax';

/**
 * Gone elements inside a gone element go with it: its line counts them instead of listing each
 * (a cell that scrolled away is one line, not one per line of the cell).
 */
function foldGone(removed: OutlineElement[]): { top: OutlineElement[]; inside: Map<number, number> } {
  const gone = new Map(removed.map((e) => [e.index, e]));
  const inside = new Map<number, number>();
  const top: OutlineElement[] = [];
  for (const el of removed) {
    let outer = el;
    while (outer.parent !== undefined && gone.has(outer.parent)) outer = gone.get(outer.parent) as OutlineElement;
    if (outer === el) top.push(el);
    else inside.set(outer.index, (inside.get(outer.index) ?? 0) + 1);
  }
  return { top, inside };
}

/**
 * `-` lines (gone, written without a ref: they no longer exist) first, then the new screen in
 * `@N` order: `+` for what appeared, `-`/`+` for what changed, `=` for what stayed.
 */
export function renderDiff(diff: SettledDiff, options: RenderDiffOptions = {}): string {
  const after = [...diff.added, ...diff.changed.map((p) => p.after), ...diff.same.map((p) => p.after)].sort((a, b) => a.index - b.index);
  const ids = printableIds({ elements: after });
  const beforeIds = printableIds({ elements: [...diff.removed, ...diff.changed.map((p) => p.before), ...diff.same.map((p) => p.before)] });
  const line = (el: OutlineElement) => formatElement(el, { frame: framed(el), idText: ids.get(el.index), maxText: MAX_TEXT });
  const gone = (el: OutlineElement, inside = 0) =>
    `- ${formatElement(el, { frame: framed(el), idText: beforeIds.get(el.index), maxText: MAX_TEXT }).replace(/^@\d+ (#\d+(@\d+)? )?/, '')}${inside > 0 ? ` (+${inside} inside)` : ''}`;
  const mode = options.same ?? 'auto';
  const listSame = mode === 'list' || (mode === 'auto' && diff.same.length <= SAME_LISTED_MAX);
  const moved = diff.same.filter((p) => p.moved).length;
  const out = [`Diff ${diff.from} -> ${diff.to}: +${diff.added.length} -${diff.removed.length} ~${diff.changed.length} =${diff.same.length}`];
  const folded = foldGone(diff.removed);
  out.push(...folded.top.map((el) => gone(el, folded.inside.get(el.index))));
  const status = new Map<number, string[]>();
  for (const el of diff.added) status.set(el.index, [`+ ${line(el)}`]);
  for (const p of diff.changed) status.set(p.after.index, [gone(p.before), `+ ${line(p.after)}`]);
  if (listSame) for (const p of diff.same) status.set(p.after.index, [`= ${line(p.after)}`]);
  for (const el of after) out.push(...(status.get(el.index) ?? []));
  if (!listSame && diff.same.length > 0) out.push(`= ${diff.same.length} unchanged${moved > 0 ? ` (${moved} moved)` : ''}`);
  return `${out.join('\n')}\n`;
}

export interface SettledDiffOptions extends RenderDiffOptions {
  /** Follow a screen change with the new outline (default); false when the caller has it already. */
  outline?: boolean;
}

/** Fewer matched lines than this share of the larger screen: the action opened another screen. */
const NEW_SCREEN_SHARE = 0.5;
/** A screen's name is cut past this many characters. */
const TITLE_MAX = 40;
/** A diff may be longer than the new outline by at most this many lines. */
export const DIFF_OVER_OUTLINE_MAX = 3;

/** Roles whose label names the whole screen (a web page's title, a window's). */
const SCREEN_ROLES = new Set(['WebView', 'Window', 'Application']);

/**
 * What a screen calls itself: its first heading, else the first text of its top bar (an
 * Android toolbar title), else the label of its page or window, else the app.
 */
export function screenTitle(snapshot: Snapshot): string {
  const byIndex = new Map(snapshot.elements.map((e) => [e.index, e]));
  const labelled = snapshot.elements.filter((e) => e.label !== undefined);
  // A text inside something tappable is that control's label (a search bar's hint), not the screen's name.
  const barTitle = (e: OutlineElement) => {
    const parent = e.parent === undefined ? undefined : byIndex.get(e.parent);
    return e.band === 'Top' && e.role === 'Text' && !isActionableElement(e) && !(parent && isActionableElement(parent));
  };
  const named = labelled.find((e) => e.role === 'Heading') ?? labelled.find(barTitle) ?? labelled.find((e) => SCREEN_ROLES.has(e.role));
  const title = collapseSpace(named?.label ?? snapshot.screen.app ?? `snapshot ${snapshot.id}`);
  const chars = [...title];
  return chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX - 1).join('')}…` : title;
}

/** Most of the screen changed: fewer than half of the larger side's lines were matched. */
export function isNewScreen(diff: SettledDiff): boolean {
  const matched = diff.same.length + diff.changed.length;
  const larger = matched + Math.max(diff.added.length, diff.removed.length);
  return larger > 0 && matched < larger * NEW_SCREEN_SHARE;
}

const lineCount = (text: string) => text.split('\n').length - 1;

/**
 * The settled diff an action answers with. On a new screen it says so in one line
 * (`screen: Home → Settings`) followed by the new outline, instead of a `-` line per old
 * element; any other diff longer than the new outline plus DIFF_OVER_OUTLINE_MAX lines gives
 * way to its count line and the outline too. So a diff is never longer than the outline + 3.
 */
export function renderSettledDiff(before: Snapshot, after: Snapshot, options: SettledDiffOptions = {}): string {
  const diff = diffSnapshots(before, after);
  const outline = renderOutline(after);
  const withOutline = options.outline ?? true;
  if (isNewScreen(diff)) return `screen: ${screenTitle(before)} → ${screenTitle(after)}\n${withOutline ? outline : ''}`;
  const text = renderDiff(diff, options);
  if (lineCount(text) <= lineCount(outline) + DIFF_OVER_OUTLINE_MAX) return text;
  const head = text.slice(0, text.indexOf('\n'));
  return withOutline ? `${head} (longer than the screen: its outline follows)\n${outline}` : `${head} (longer than the screen: read its outline)\n`;
}
