import type { UiNode } from '../model/ui-node.js';
import { across, along, intervalOverlap, near } from './geometry.js';
import { isCell, isCollection, isInput, isTextual, nodesInside, picturesOf } from './roles.js';
import { declaresPressing, isPressed } from './pressing.js';
import type { Candidate, ListAxis, Placed } from './types.js';

/*
 * Clusters that repeat without being a list of content: the lines of one card, a strip of
 * controls, the parts of one page. Each test says why in a line; none looks at an app's names.
 */

/** A label, not a sentence: tabs, chips, dates and actions say at most this many words... */
const LABEL_WORDS = 3;
/** ...and at most this many characters (scripts without spaces). */
const LABEL_CHARS = 24;
/** A label's text spans at least this share of its chip's height. */
const LABEL_SHARE = 0.25;
/** An icon or a logo is at most this long on either side, in points; a poster or a photo is larger. */
const ICON_SIDE = 96;
/** Sizes within this fraction are one size (the rows' tolerance in siblings.ts). */
const SAME_SIZE = 0.1;
/** A sibling this much within a line's extent along the axis lies on that line (siblings.ts' BESIDE_OVERLAP)... */
const ON_LINE = 0.8;
/** ...and one as wide as the line, within this fraction, is the next column of a grid (its TILE_SIZE_TOLERANCE). */
const SAME_WIDTH = 0.15;
/** Half the members: more than this share of them is most of them, less is a few. */
const MOST = 0.5;

/** The platform declares the container a collection, or most cells as its cells. */
export function declared(c: Candidate): boolean {
  return (c.container !== null && isCollection(c.container.node)) || c.cells.filter((p) => isCell(p.node)).length > c.cells.length / 2;
}

/**
 * Plain lines of text (leaves that do nothing) in a container not declared a collection are
 * the lines of one card or the fields of one record (origin, destination, distance), or the
 * paragraphs of a page, not rows a person picks from.
 */
export function isTextLines(c: Candidate): boolean {
  if (declared(c)) return false;
  if (!c.cells.every((p) => isPlainText(p.node) && !acts(p, c.container))) return false;
  // Lines that mostly have a part of another width on them (a name and its status) are the rows
  // of a flat table, as siblings.ts reads them.
  return c.cells.filter((p) => hasOtherPart(p, c.axis)).length <= MOST * c.cells.length;
}

/**
 * A text and nothing else: a text leaf, or a wrapper repeating the text of the one leaf it
 * holds (iOS reports a React Native text so, as two plain elements saying the same). A bare
 * labelled leaf of another role alone may be a row drawn as one view (a menu row).
 */
function isPlainText(n: UiNode): boolean {
  if (n.actions.length > 0 || n.role === 'Image' || isInput(n)) return false;
  if (n.children.length === 0) return isTextual(n);
  const [only] = n.children;
  const says = only?.label ?? only?.value;
  return n.children.length === 1 && only !== undefined && only.children.length === 0 && only.actions.length === 0 && only.role !== 'Image' && !isInput(only) && Boolean(says) && n.label === says && !n.value;
}

/** A sibling on the member's line, not as wide as it (then it is the next column of tiles). */
function hasOtherPart(p: Placed, axis: ListAxis): boolean {
  const seen = (n: UiNode) => n.visibleFrame ?? n.frame;
  const [ms, ml] = along(p.vis, axis);
  return (p.parent?.node.children ?? []).some((n) => {
    if (n === p.node) return false;
    const [s, l] = along(seen(n), axis);
    const onLine = l > 0 && Math.min(s + l, ms + ml) - Math.max(s, ms) > ON_LINE * l;
    return onLine && !near(across(seen(n), axis)[1], across(p.vis, axis)[1], SAME_WIDTH);
  });
}

/** The node or a wrapper of it below the list's container can be tapped (a launcher icon's label). */
function acts(p: Placed, container: Placed | null): boolean {
  for (let a: Placed | null = p; a && a !== container; a = a.parent) if (a.node.actions.length > 0) return true;
  return false;
}

/** What a node and its parts say; a picture's label describes it (alt text), it says nothing. */
function says(n: UiNode, into: Set<string>): Set<string> {
  if (n.role !== 'Image') for (const t of [n.label, n.value]) if (t?.trim()) into.add(t.trim());
  for (const c of n.children) says(c, into);
  return into;
}

/** An icon or a logo (a tab's glyph, a brand's mark), not a poster, a photo or a product shot. */
const isIconSized = (n: UiNode): boolean => Math.max(n.frame.w, n.frame.h) <= ICON_SIDE;

/**
 * Its text and icons span a fair part of its height, as a label's does in a chip or a tab (with
 * its icon over it): a card whose short title takes a sliver of it holds something the platform
 * left unnamed (a poster).
 */
function textFills(n: UiNode): boolean {
  const spans = nodesInside(n)
    .filter((m) => m.label || m.value || m.role === 'Image')
    .map((m): [number, number] => [m.frame.y, m.frame.y + m.frame.h]);
  if (spans.length === 0 || n.frame.h <= 0) return true;
  const top = Math.min(...spans.map((s) => s[0]));
  const bottom = Math.max(...spans.map((s) => s[1]));
  return bottom - top >= LABEL_SHARE * n.frame.h;
}

/**
 * A word has a letter, a digit or a currency sign (a price says something): an emoji before a
 * chip's name is its icon, a slash between names is punctuation.
 */
const WORD = /[\p{L}\p{N}\p{Sc}]/u;

/** Says no more than a label: a few short words, whatever wraps them. */
function saysALabel(n: UiNode): boolean {
  const text = [...says(n, new Set())].join(' ');
  return text.split(/\s+/).filter((w) => WORD.test(w)).length <= LABEL_WORDS && text.length <= LABEL_CHARS;
}

/**
 * Controls side by side are a toolbar, a selector or a keypad, not content, even where the row
 * scrolls or the platform names it a collection (a web page's <ul> of chips): a row whose items
 * show at most an icon or a logo and say only a label (tabs, filter chips, a strip of days, Like
 * / Share, a bank's shortcuts, a shop's brands), or a grid nobody declares a collection of bare
 * buttons (a menu of sections) or of keys. Content laid sideways (a carousel of cards, of
 * posters) shows larger pictures or says more.
 */
export function isControlStrip(c: Candidate): boolean {
  if (c.grid) return !declared(c) && (c.cells.every((p) => p.node.role === 'Button' && p.node.children.length === 0) || isKeypad(c.cells));
  if (c.axis !== 'horizontal') return false;
  return c.cells.every((p) => looksLikeControl(p.node));
}

/**
 * Keys, even in a page that scrolls (a spelling game's letters): tiles each tapped, never held,
 * saying one character at most (a letter, a digit), whatever wraps it. Where the dump says of
 * nothing that it is pressed, keys cannot be told from items.
 */
function isKeypad(tiles: readonly Placed[]): boolean {
  const [first] = tiles;
  const key = (t: Placed) => t.node.actions.includes('tap') && !t.node.actions.includes('longPress') && [...[...says(t.node, new Set())].join('')].length <= 1;
  return first !== undefined && declaresPressing(first) && tiles.every(key);
}

/** Shows at most an icon or a logo and says only a label: a tab, a chip, a shortcut, a key. */
export function looksLikeControl(n: UiNode): boolean {
  return picturesOf(n).every(isIconSized) && saysALabel(n) && textFills(n);
}

/**
 * Rows are copies of one layout, so they share its id (or carry none): members that each carry
 * an id of their own, and mostly differ in build or size, are the parts of one page laid out by hand (a
 * price, a title, a seller's badges in a details page), even inside a collection. Numbers in
 * ids are an index (row_1, row_2: one layout); rows built alike with an id each stay rows (a
 * menu laid out by hand), unless most are a key beside its value (a record's fields).
 */
export function isDistinctParts(c: Candidate): boolean {
  if (c.cells.length < 3 || c.cells.some((p) => isCell(p.node))) return false;
  const ids = c.cells.map((p) => p.node.id?.replace(/\d+/g, '#')).filter((id): id is string => Boolean(id));
  if (ids.length < 3 || ids.length <= MOST * c.cells.length || new Set(ids).size !== ids.length) return false;
  const size = (p: Placed) => along(p.node.frame, c.axis)[1];
  const twins = (a: Placed, b: Placed) => buildOf(a.node) === buildOf(b.node) && sameSize(size(a), size(b));
  // Alike, they are a menu laid out by hand (pressed items, a home screen's icons), except where
  // most are a key beside its value that does nothing (a name, a policy number, a date), or one
  // half of such a line: the fields of one record shown as a sheet.
  const field = (p: Placed) => isFieldLine(p.node) || (p.parent !== null && isFieldLine(p.parent.node) && p.parent.node.children.includes(p.node));
  return mostShare(c.cells, twins) < MOST || c.cells.filter(field).length > MOST * c.cells.length;
}

/**
 * A key and its value (a caption over a figure, a name beside a word): exactly two texts, no
 * picture, nothing pressed.
 */
function isKeyValue(n: UiNode): boolean {
  const leaves = nodesInside(n).filter((m) => m.children.length === 0);
  const texts = leaves.filter((m) => m.label || m.value);
  return texts.length === 2 && !leaves.some((m) => m.role === 'Image') && !pressedWithin(n);
}

/**
 * Tiles a person opens or picks are pressed, or show a picture of the thing (a product, a poster).
 * A grid of tiles mostly pressed nowhere is the figures of one panel, not items: a dashboard's
 * measures (users 9, courses 9, completion 50%) where each shows at most an icon and nobody declares
 * a collection, and one account's or person's fields (ID 92770907, Height >185cm; Total assets
 * $19,784), each a key and its value, even where a collection holds them (a declared collection
 * may hold tiles whose picture the platform left unnamed). Grids only: a column of a setting over
 * its value is a settings list. Only where the dump says what is pressed (Maestro's iOS hierarchy
 * says it of nothing: its shop tiles of a name and a price are pressed nowhere).
 */
export function isRecordFields(c: Candidate): boolean {
  const [first] = c.cells;
  if (!c.grid || !first || !declaresPressing(first)) return false;
  const undeclared = !declared(c);
  const measure = (n: UiNode) => undeclared && !pressedWithin(n) && picturesOf(n).every(isIconSized) && says(n, new Set()).size > 0;
  return c.cells.filter((p) => isKeyValue(p.node) || measure(p.node)).length > MOST * c.cells.length;
}

/** The node or something inside it is pressed (tapped or held). */
function pressedWithin(n: UiNode): boolean {
  return isPressed(n) || n.children.some(pressedWithin);
}

/** A key and its value: two or more parts that say something, side by side on one line, nothing pressed. */
function isFieldLine(n: UiNode): boolean {
  const parts = n.children.filter((c) => c.label || c.value);
  const oneLine = parts.every((a) => parts.every((b) => a === b || intervalOverlap([a.frame.y, a.frame.h], [b.frame.y, b.frame.h]) > MOST));
  return parts.length >= 2 && oneLine && !pressedWithin(n);
}

const sameSize = (a: number, b: number): boolean => near(a, b, SAME_SIZE) || near(b, a, SAME_SIZE);

/** What a member holds: the roles of what says, does or shows something inside it. */
function buildOf(n: UiNode): string {
  const roles = nodesInside(n)
    .filter((m) => m.label || m.value || m.actions.length > 0 || m.role === 'Image')
    .map((m) => m.role);
  return roles.sort().join(',');
}

/** A record holds at least this many parts that say, do or show something (a title, a date, buttons). */
const RECORD_PARTS = 4;

/** A record: at least RECORD_PARTS parts that say, do or show something. */
export const isRecord = (n: UiNode): boolean => buildOf(n).split(',').length >= RECORD_PARTS;

/**
 * Two members of one kind: built alike part for part, or saying one text in the same place (a
 * model card's Replace and Delete, an order's status), as rows of one list are, whatever each
 * holds of its own or has scrolled out of view.
 */
function alike(a: UiNode, b: UiNode): boolean {
  return buildOf(a) === buildOf(b) || saysTheSame(a, b);
}

/**
 * Two records of one kind (a course card with its title, code, dates and buttons, each model
 * card of a list of models) are two rows of one list, where the page scrolls: more would show
 * further down. Two plain rows say too little to tell a list from a pair.
 */
export function isTwoRecords(c: Candidate): boolean {
  if (c.cells.length !== 2 || c.grid) return false;
  const [a, b] = c.cells.map((p) => p.node) as [UiNode, UiNode];
  return isRecord(a) && isRecord(b) && alike(a, b);
}

/**
 * Items a person opens, as a collection holds them: a holder of nothing but two records of one
 * kind that a person taps (each pressed itself) is a list of two wherever it is, where nobody
 * declares it one (Compose and React Native lists declare nothing, and one that fits its content
 * does not scroll: a dialog's buildings to pick from). Cards holding buttons of their own but not
 * pressed themselves, and rows of a title alone, say too little.
 */
export function isItemPair(c: Candidate): boolean {
  if (!c.container || !isTwoRecords(c)) return false;
  const held = c.container.node.children;
  return held.length === 2 && c.cells.every((p) => held.includes(p.node) && isPressed(p.node));
}

/** Rows of a list span at least this share of their column's width. */
const SPAN = 0.8;

/**
 * Two rows a person taps, laid out alike (of one kind, on the same edges, each pressed itself)
 * as a list lays its rows: across its column, from its start on (a menu of two entries, a pair
 * of sessions or notifications). Two tiles beside other tiles are a part of a mosaic, and two
 * cards centred in the space for them are a choice composed for the page (create a club or join one).
 */
export function isPressedPair(c: Candidate): boolean {
  if (c.cells.length !== 2 || c.grid || c.axis !== 'vertical' || !c.container) return false;
  const [a, b] = c.cells as [Placed, Placed];
  const box = c.container.vis;
  const edge = (x: number, y: number) => Math.abs(x - y) <= 1;
  const above = a.vis.y - box.y;
  const below = box.y + box.h - (b.vis.y + b.vis.h);
  const centred = above > 1 && below > 1 && sameSize(above, below);
  return (
    isPressed(a.node) && isPressed(b.node) &&
    a.node.role === b.node.role && a.node.className === b.node.className &&
    edge(a.vis.x, b.vis.x) && edge(a.vis.x + a.vis.w, b.vis.x + b.vis.w) &&
    a.vis.w >= SPAN * box.w && !centred
  );
}

/** A short record: a title and controls of its own (a card with its edit and delete buttons). */
const SHORT_RECORD_PARTS = 3;

/**
 * A list too short to scroll shows its rows at the top of the space laid for it and leaves the
 * rest empty: two members built alike part for part, each a record (its own text and what it
 * holds) or a row a person taps (isPressedPair), alone in a column whose lower half they leave
 * empty, are a list of two, as where the page scrolls.
 */
export function isShortList(c: Candidate): boolean {
  if (c.cells.length !== 2 || c.grid || c.axis !== 'vertical' || !c.container) return false;
  const [a, b] = c.cells as [Placed, Placed];
  const build = (p: Placed) => `${p.node.label ? 'own,' : ''}${buildOf(p.node)}`;
  if (build(a) !== build(b) || (build(a).split(',').length < SHORT_RECORD_PARTS && !isPressedPair(c))) return false;
  if (!sameSize(a.node.frame.h, b.node.frame.h)) return false;
  const box = c.container.vis;
  const end = Math.max(a.vis.y + a.vis.h, b.vis.y + b.vis.h);
  return c.container.node.children.length === 2 && end <= box.y + box.h / 2;
}

function mostShare<T>(items: readonly T[], same: (a: T, b: T) => boolean): number {
  return Math.max(...items.map((a) => items.filter((b) => same(a, b)).length)) / items.length;
}

/** The words a node shows as plain text (no control's label, no glyph), each with where it starts across the screen. */
function textsAt(n: UiNode, into: string[] = []): string[] {
  for (const c of n.children) {
    const t = (c.label ?? c.value)?.trim();
    if (c.children.length === 0 && isTextual(c) && c.actions.length === 0 && t && /\p{L}/u.test(t)) into.push(`${Math.round(c.frame.x)} ${t}`);
    textsAt(c, into);
  }
  return into;
}

/**
 * Two members say one text in the same place (a folder's kind, an order's status): things of
 * one kind, each shown with what it is, as the rows of a list show it.
 */
function saysTheSame(a: UiNode, b: UiNode): boolean {
  const at = new Set(textsAt(a));
  return textsAt(b).some((t) => at.has(t));
}

/**
 * Each member says a text another says in the same place: rows of one kind of thing (folders,
 * orders), not a form's options, each of which shows its own value.
 */
export function ofOneKind(c: Candidate): boolean {
  return c.cells.length >= 2 && c.cells.every((p) => c.cells.some((o) => o !== p && saysTheSame(p.node, o.node)));
}

/**
 * Rows of a list are mostly alike, in size or in what they hold, and a list with two kinds of
 * row has each kind alike in both (alike in build, or saying one word in the same place: an
 * order that shows a price before its discount is still an order). Members of a container nobody declares a collection where
 * no more than half are alike in size, no more than half alike in build, and fewer than half
 * have a twin in both (a status card, a pair of tiles, two buttons, a total; a search field,
 * cards, section titles and empty states) are the blocks of a page.
 */
export function isUnlikeBlocks(c: Candidate): boolean {
  if (declared(c) || c.grid || c.cells.length < 3) return false;
  const size = (p: Placed) => along(p.node.frame, c.axis)[1];
  const sizeShare = mostShare(c.cells, (a, b) => sameSize(size(a), size(b)));
  const buildShare = mostShare(c.cells, (a, b) => alike(a.node, b.node));
  const twinShare = mostShare(c.cells, (a, b) => alike(a.node, b.node) && sameSize(size(a), size(b)));
  return sizeShare <= MOST && buildShare <= MOST && twinShare < MOST;
}
