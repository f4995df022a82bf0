import type { Rect } from '../model/geometry.js';
import { containsRect, intersectRect, rectArea, rectCentre } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import { flattenTiledRows, openRowWrappers } from './grid.js';
import { isCollection, isScroller } from './roles.js';
import { scoreCandidate, type Scored } from './score.js';
import { clippedEnds } from './clipped.js';
import { declared, isControlStrip, isDistinctParts, isItemPair, isPressedPair, isRecordFields, isShortList, isTextLines, isTwoRecords, isUnlikeBlocks, ofOneKind } from './blocks.js';
import { readingOrder } from './reading-order.js';
import { recordCandidates } from './records.js';
import { isFilteredOne, isFilterStack, itemCandidates } from './filtered.js';
import { itemTiles, runsPast, runsToCut, scrolls, siblingCandidates } from './siblings.js';
import { spacingCandidates } from './spacing.js';
import type { Candidate, FoundList, Placed } from './types.js';

export type { FoundList, ListAxis, ListDetectorName } from './types.js';
export { readingOrder, readsRightToLeft } from './reading-order.js';

/** Below this consistency a cluster is a coincidence of layout, not a list. */
export const MIN_CONSISTENCY = 0.5;
export const MIN_SCORE = 1;
/** Smallest side of a cell, in points: thinner nodes are separators and decorations. */
const MIN_CELL_SIDE = 4;
/** A column of cells narrower than this share of the screen is a rail of controls, not content rows. */
const RAIL_SHARE = 0.2;
/** Cells of a rail are icons: at most this many times as wide as they are high. */
const RAIL_ASPECT = 2;
/** A scroll view at least this many times as tall as the row in it scrolls the page down, not the row sideways. */
const ROW_SCROLLER_SHARE = 2;
/** Up to this many bare buttons in a column that does not scroll are a stack of actions. */
const ACTION_STACK = 3;
/** Up to this many lines nobody names a list, on a page that asks for a value, are part of its form. */
const FORM_LINES = 4;

/** Every visible node with its parent and its visible part on the screen. */
function place(screen: Screen): { all: Placed[]; childrenOf: (p: Placed) => Placed[] } {
  const bounds: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
  const all: Placed[] = [];
  const children = new Map<Placed, Placed[]>();
  const walk = (node: UiNode, parent: Placed | null, index: number, depth: number): void => {
    if (node.visible === false) return;
    const vis = intersectRect(node.visibleFrame ?? node.frame, bounds);
    if (!vis) return;
    const p: Placed = { node, parent, index, depth, vis };
    all.push(p);
    if (parent) children.get(parent)?.push(p);
    children.set(p, []);
    node.children.forEach((c, i) => walk(c, p, i, depth + 1));
  };
  walk(screen.root, null, 0, 0);
  const childrenOf = (p: Placed) => (children.get(p) ?? []).filter((c) => c.vis.w >= MIN_CELL_SIDE && c.vis.h >= MIN_CELL_SIDE);
  return { all, childrenOf };
}

/**
 * What a list needs beyond its score: two cells only where the platform declares a collection
 * (or cells) or they show a list of two (isListOfTwo); a row of items only where it scrolls or
 * collects (a bar of five buttons stays five buttons); a plain column needs three rows.
 */
function admissible(s: Scored, screen: Screen): boolean {
  const c = s.candidate;
  // Windows (a status bar, the app, a navigation bar) are not the rows of anything.
  if (new Set(c.cells.map((p) => p.node.window)).size > 1) return false;
  // Members with an id each are the parts of one page, and a row of labels is a strip of
  // controls, even in a collection (blocks.ts).
  if (isDistinctParts(c) || isControlStrip(c) || isRecordFields(c)) return false;
  // A list the platform names is a list with one cell in view, and with cells of every kind (a
  // feed's composer, stories and posts), down or sideways: the consistency score is for guessing unnamed lists.
  const named = c.detector === 'siblings' && c.container !== null && isCollection(c.container.node) && !c.grid;
  if (named && c.cells.length >= 1) return true;
  // The filters of a page are not its list; the one record they leave is (filtered.ts).
  if (isFilterStack(c)) return false;
  if (isFilteredOne(c)) return true;
  if (c.cells.length < 2 || s.consistency < MIN_CONSISTENCY || s.score < MIN_SCORE) return false;
  const collection = declared(c);
  // A row of items running past a side of what shows it goes on there as one that scrolls (siblings.ts).
  const scrolling = collection || (c.container !== null && scrolls(c.container) && scrollsAlong(c)) || runsPast(c);
  if (c.cells.length === 2 && !collection && !isListOfTwo(c, scrolling)) return false;
  // A few buttons stacked in a plain column are a form's actions (Allow / Allow once / Deny), not rows.
  if (!scrolling && c.cells.length <= ACTION_STACK && c.cells.every((p) => p.node.role === 'Button' && p.node.children.length === 0)) return false;
  // Rows that hold text fields are the lines of a form, unless the platform says it is a list:
  // half of them holding one is a form already (two labelled fields under its instructions).
  if (!collection && 2 * c.cells.filter((p) => holdsInput(p.node)).length >= c.cells.length) return false;
  // A column with a bare text field among its members (a label, the field, a hint, a button) is a form.
  if (!collection && c.cells.some((p) => p.node.states.editable === true)) return false;
  // A few lines on a page that asks for a value are its options and controls (an event's repeat and
  // reminder rows, a panel's sliders), not content to pick from: a person fills the page in.
  // Lines that each show what they are (folders under a search field) are things of one kind.
  if (!collection && c.cells.length <= FORM_LINES && c.container && onAFormPage(c.container) && !ofOneKind(c)) return false;
  if ((c.axis === 'horizontal' || c.grid) && !scrolling && !(c.grid && itemTiles(c.cells))) return false;
  // Lines of one card, the unlike blocks of a page (blocks.ts).
  if (isTextLines(c) || isUnlikeBlocks(c)) return false;
  // A narrow column of icon-sized cells at the side (an editor's tools, a video's like and share
  // buttons) is a rail of controls; a narrow column of text rows (a category list) is a list.
  const iconSized = c.cells.every((p) => p.vis.w < RAIL_ASPECT * p.vis.h);
  if (!collection && c.axis === 'vertical' && !c.grid && iconSized && Math.max(...c.cells.map((p) => p.vis.w)) < RAIL_SHARE * screen.size.w) return false;
  return true;
}

/**
 * A row of items scrolls sideways only where its scroll view is about as tall as the row: a row
 * laid in a page that scrolls down (a player's Like / Share buttons, a tab bar inside the page's
 * scroll view) is a bar of controls, whatever the page does. Columns keep the plain test.
 */
function scrollsAlong(c: Candidate): boolean {
  if (c.axis !== 'horizontal' || c.grid || !c.container) return true;
  const scroller = isScroller(c.container.node) ? c.container : (c.container.parent ?? c.container);
  const rowHeight = Math.max(...c.cells.map((p) => p.vis.h));
  return scroller.vis.h < ROW_SCROLLER_SHARE * rowHeight;
}

/**
 * Two members nobody declares a collection that still make a list: a row of two items running
 * past its side (siblings.ts), two records alone at the top of an otherwise empty column, two
 * records a person taps alone in their holder (blocks.ts); in what scrolls, two records of one
 * kind, two alike rows the second of which its bottom edge
 * cuts (siblings.ts), or two rows a person taps laid across the column from its start (blocks.ts).
 */
function isListOfTwo(c: Candidate, scrolling: boolean): boolean {
  if (runsPast(c) || isShortList(c) || isItemPair(c)) return true;
  return scrolling && (isTwoRecords(c) || runsToCut(c) || isPressedPair(c));
}

/** The page around the container (its nearest scrolling holder, else the window) asks for a value. */
function onAFormPage(container: Placed): boolean {
  let page = container;
  while (page.parent && !scrolls(page)) page = page.parent;
  return asksFor(page.node);
}

/** Inputs that take a value a person gives (text, a date, an amount), not toggles. */
const VALUE_INPUTS = new Set(['TextField', 'SearchField', 'SecureTextField', 'TextArea', 'Slider', 'Picker']);
const asksFor = (n: UiNode): boolean => n.states.editable === true || VALUE_INPUTS.has(n.role) || n.children.some(asksFor);

/** A text field somewhere inside (a toggle in a settings row does not make a form). */
function holdsInput(n: UiNode): boolean {
  return n.states.editable === true || n.children.some(holdsInput);
}

/**
 * A row of items beside the screen's content: inside a larger column list (of which it is a
 * part), or a strip (tabs, chips) outside a larger column the platform names as a list, even one
 * showing a single tall cell.
 */
function isStripInside(c: Candidate, all: readonly Scored[]): boolean {
  if (c.axis !== 'horizontal' || c.grid) return false;
  const larger = (o: Candidate) => o !== c && o.axis === 'vertical' && rectArea(o.containerFrame) > rectArea(c.containerFrame);
  const named = (o: Candidate) => o.detector === 'siblings' && o.container !== null && isCollection(o.container.node) && !o.grid;
  return all.some(({ candidate: o }) => larger(o) && ((o.cells.length >= 2 && containsRect(o.containerFrame, c.containerFrame)) || named(o)));
}

function isWithin(p: Placed, cell: Placed): boolean {
  for (let a: Placed | null = p; a; a = a.parent) if (a === cell || cell.members?.includes(a)) return true;
  return false;
}

/** A list may nest inside one cell of another, but never share its cells or run across them. */
function conflicts(c: Candidate, taken: readonly Candidate[]): boolean {
  return taken.some((t) => {
    const holders = new Set<Placed>();
    for (const cell of c.cells) {
      if (t.cells.includes(cell) || cell.members?.some((m) => t.cells.includes(m))) return true;
      const holder = t.cells.find((tc) => isWithin(cell, tc));
      if (holder) holders.add(holder);
    }
    return holders.size > 1;
  });
}

/** Scores equal to this many decimals are a tie (the outline prints them so). */
const rounded = (score: number): number => Math.round(score * 1000);

function byScore(a: Scored, b: Scored): number {
  const fa = a.candidate.containerFrame;
  const fb = b.candidate.containerFrame;
  return byScoreOnly(a, b) || fa.y - fb.y || fa.x - fb.x || a.candidate.cells.length - b.candidate.cells.length;
}

/**
 * Of the lists tied for first, the main one is the larger, then the one nearer the screen's
 * centre (two panes of one size: the one a person reads); the others keep reading order.
 */
function mainFirst(sorted: Scored[], strips: ReadonlySet<Scored>, screen: Screen): Scored[] {
  const [top] = sorted;
  if (!top) return sorted;
  const tied = sorted.filter((s) => strips.has(s) === strips.has(top) && byScoreOnly(s, top) === 0);
  const centre = rectCentre({ x: 0, y: 0, ...screen.size });
  const offCentre = (f: Rect) => Math.hypot(rectCentre(f).x - centre.x, rectCentre(f).y - centre.y);
  const main = tied.reduce((best, s) => {
    const [fs, fb] = [s.candidate.containerFrame, best.candidate.containerFrame];
    return rectArea(fs) > rectArea(fb) || (rectArea(fs) === rectArea(fb) && offCentre(fs) < offCentre(fb)) ? s : best;
  }, top);
  return [main, ...sorted.filter((s) => s !== main)];
}

/** Higher score first; one cell says little about a list: such a list comes after every list of several. */
function byScoreOnly(a: Scored, b: Scored): number {
  const single = Number(a.candidate.cells.length === 1) - Number(b.candidate.cells.length === 1);
  return single || rounded(b.score) - rounded(a.score);
}

/** What became of a candidate: listed, dropped by admission (admissible), or dropped for sharing cells with a better list (conflicts). */
export type ListFate = 'listed' | 'not admitted' | 'conflict';

export interface ConsideredList {
  list: FoundList;
  fate: ListFate;
}

/**
 * The repeated collections of a cleaned screen, best first (list 1 is `#K`, list 2 `#K@2`).
 * Two detectors propose clusters — siblings of consistent size, and nodes of consistent row
 * spacing at any depth — each scored cellCount x consistency x roleBonus x widthBonus.
 * Deterministic, no training. Only cells at least partly visible count.
 */
export function detectLists(screen: Screen): FoundList[] {
  return ranked(screen)
    .filter((r) => r.fate === 'listed')
    .map((r) => foundList(r.scored, screen));
}

/**
 * Every candidate the detectors proposed, with what became of it: the admitted ones in rank
 * order (the listed ones in detectLists' order among them), then the ones admission dropped.
 * Tells a list nobody proposed from one the pipeline dropped, and at which stage.
 */
export function considerLists(screen: Screen): ConsideredList[] {
  return ranked(screen).map((r) => ({ list: foundList(r.scored, screen), fate: r.fate }));
}

/** The one pipeline behind detectLists and considerLists: propose, score, admit, rank, prune. */
function ranked(screen: Screen): Array<{ scored: Scored; fate: ListFate }> {
  const { all, childrenOf } = place(screen);
  const candidates: Candidate[] = [];
  for (const p of all) {
    const children = childrenOf(p);
    for (const c of siblingCandidates(p, openRowWrappers(p, children, childrenOf))) candidates.push(flattenTiledRows(c, childrenOf));
    candidates.push(...recordCandidates(p, children));
    candidates.push(...itemCandidates(p));
  }
  candidates.push(...spacingCandidates(all));

  const proposed = candidates.map((c) => scoreCandidate(c, screen.size));
  const admitted = proposed.filter((s) => admissible(s, screen));
  const strips = new Set(admitted.filter((s) => isStripInside(s.candidate, admitted)));
  // A strip of chips or stories inside a column of rows is not the screen's main list.
  const scored = mainFirst(
    admitted.sort((a, b) => Number(strips.has(a)) - Number(strips.has(b)) || byScore(a, b)),
    strips,
    screen,
  );
  const taken: Candidate[] = [];
  const out: Array<{ scored: Scored; fate: ListFate }> = [];
  for (const s of scored) {
    const fate = conflicts(s.candidate, taken) ? 'conflict' : 'listed';
    if (fate === 'listed') taken.push(s.candidate);
    out.push({ scored: s, fate });
  }
  const kept = new Set(admitted);
  return [...out, ...proposed.filter((s) => !kept.has(s)).map((s) => ({ scored: s, fate: 'not admitted' as const }))];
}

function foundList(s: Scored, screen: Screen): FoundList {
  const c = s.candidate;
  return {
    container: c.container?.node ?? null,
    containerFrame: c.containerFrame,
    axis: c.axis,
    cells: readingOrder(c.cells.map((p) => p.node), c.axis),
    clipped: clippedEnds(c, screen).map((p) => p.node),
    score: Math.round(s.score * 1000) / 1000,
    detector: c.detector,
  };
}
