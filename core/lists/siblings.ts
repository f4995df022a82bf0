import type { Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';
import { containsRect } from '../model/geometry.js';
import { aligned, across, along, intervalIou, intervalOverlap, median, near } from './geometry.js';
import { isBareLabel, isCell, isCentredLabel, isCollection, isInput, isLoadMoreRow, isLoneAction, isScroller, isTextual, nodesInside, saysOnlyText, speakerCount } from './roles.js';
import { looksLikeControl } from './blocks.js';
import { declaresPressing, isPressed } from './pressing.js';
import type { Candidate, ListAxis, Placed } from './types.js';

/** Cells of one list line up across the axis: their extents overlap by this much at least. */
const ALIGNED_IOU = 0.8;
/** Members overlapping more than this along the axis are one drawn over the other, not a row each. */
const STACKED_OVERLAP = 0.5;
/** Grid tiles have the same size within this fraction. */
const TILE_SIZE_TOLERANCE = 0.15;
/** Share of members with one id that makes it the id of the rows. */
const ROW_ID_SHARE = 0.6;
/** Rows share a size within this fraction, and such rows are at least this share of the members... */
const ROW_SIZE_TOLERANCE = 0.1;
const ROW_SIZE_SHARE = 0.5;
/** ...for an end member further than this fraction from their size to be something else. */
const ODD_SIZE_TOLERANCE = 0.25;
const TWIN_SIZE_TOLERANCE = 0.05;
/** An end member this many times the median size of the others is not a row. */
const OVERSIZED = 3;
/** A sibling whose extent along the axis lies this much within a member's sits beside it, on its line. */
const BESIDE_OVERLAP = 0.8;
/** A control covering more than this share of its holder is the holder's content, not a part of it. */
const MOST_OF = 0.5;

/** The container scrolls, itself or as the one content view of a scroll view (Android's HorizontalScrollView > LinearLayout). */
export function scrolls(p: Placed): boolean {
  if (isScroller(p.node)) return true;
  return p.parent !== null && isScroller(p.parent.node) && p.parent.node.children.length === 1;
}

function alignedGroups(items: readonly Placed[], axis: ListAxis, clip: Rect): Placed[][] {
  const groups: Placed[][] = [];
  // In reading order, so each group's first member (what the others align with) does not
  // depend on the order the platform listed siblings in.
  const ordered = [...items].sort((a, b) => a.vis.y - b.vis.y || a.vis.x - b.vis.x || a.index - b.index);
  for (const item of ordered) {
    const home = groups.find((g) => intervalIou(across((g[0] as Placed).vis, axis), across(item.vis, axis)) >= ALIGNED_IOU);
    if (home) home.push(item);
    else groups.push([item]);
  }
  return groups
    .map((g) => unstack(g, axis))
    .map(fromFirstSection)
    .map((g) => dropHeaders(g, axis))
    .map(dropLoadMore)
    .map(dropNestedLists)
    .map(trimForeignEnds)
    .map(trimStrangerEnds)
    .map((g) => trimActionEnds(g, axis, clip))
    .map(trimCentredEnds)
    .map((g) => trimOversized(g, axis))
    .map(trimControlBars)
    .map((g) => trimOddEnds(g, axis, clip))
    .filter((g) => g.length >= 2);
}

/** A list inside a list (a strip of filter chips among chat rows) is not one of its rows, when the rows are something else. */
function dropNestedLists(group: Placed[]): Placed[] {
  const rows = group.filter((m) => !isScroller(m.node));
  return rows.length >= 2 && rows.length < group.length ? rows : group;
}

/**
 * A bar of controls that does not scroll, first or last among rows (sort chips or tabs above
 * ranking rows), is not one of them: it sorts or switches what the rows show. Between rows it
 * is left to the tests of a page's blocks.
 */
function trimControlBars(group: Placed[]): Placed[] {
  let out = group;
  while (out.length >= 3 && holdsOnlyControls((out[0] as Placed).node)) out = out.slice(1);
  while (out.length >= 3 && holdsOnlyControls((out[out.length - 1] as Placed).node)) out = out.slice(0, -1);
  return out.some((m) => !holdsOnlyControls(m.node)) ? out : group;
}

/**
 * Side-by-side controls of one kind and nothing else, in a holder that does nothing itself: a
 * strip of chips or tabs. A row that is tapped, or holds a text beside its buttons, is a row.
 */
function holdsOnlyControls(n: UiNode): boolean {
  const [first, ...rest] = n.children;
  if (!first || rest.length === 0 || n.actions.length > 0) return false;
  const control = (c: UiNode) => c.actions.includes('tap') && c.role === first.role && c.className === first.className;
  const beside = (c: UiNode) => intervalOverlap([c.frame.y, c.frame.h], [first.frame.y, first.frame.h]) > STACKED_OVERLAP;
  return n.children.every((c) => control(c) && beside(c));
}

/**
 * A lone control at the start or end of rows that each hold several things (a "New notebook"
 * card before the notebooks, an "Add" tile after them) is an action placed with the list, not
 * one of its rows.
 */
function trimActionEnds(group: Placed[], axis: ListAxis, clip: Rect): Placed[] {
  if (group.length < 3) return group;
  const first = group[0] as Placed;
  const last = group[group.length - 1] as Placed;
  // A row at the edge of what shows the list may be cut (uiautomator drops what it cannot see):
  // the little it shows says nothing of what it holds.
  const [clipStart, clipLength] = along(clip, axis);
  const [fs] = along(first.vis, axis);
  const [ls, ll] = along(last.vis, axis);
  const lone = (m: Placed) => isLoneAction(m.node);
  const rich = (m: Placed) => !lone(m) && speakerCount(m.node) >= 2;
  // The rows between hold several things each; the other end is a row too, or a second action.
  const rows = group.slice(1, -1).every(rich);
  const start = rows && lone(first) && Math.abs(fs - clipStart) > 1 && (rich(last) || lone(last)) ? 1 : 0;
  const end = rows && lone(last) && Math.abs(ls + ll - (clipStart + clipLength)) > 1 && (rich(first) || lone(first)) ? group.length - 1 : group.length;
  return end - start >= 2 ? group.slice(start, end) : group;
}

/**
 * A bar with a short label in its middle (a sheet's Skip for now below its options, a build
 * number below the settings) is a button or a footer, first or last among rows that lay their
 * content out from the start: placed with the list, not one of its rows.
 */
function trimCentredEnds(group: Placed[]): Placed[] {
  const bar = (i: number) => isCentredLabel((group[i] as Placed).node);
  let start = 0;
  let end = group.length;
  while (start < end && bar(start)) start++;
  while (end > start && bar(end - 1)) end--;
  return end - start >= 2 && end - start < group.length ? group.slice(start, end) : group;
}

/**
 * Where most members carry the same id (the row layout of a RecyclerView), a first or last
 * member with another id is a different item above or below the rows (a search bar).
 */
function trimForeignEnds(group: Placed[]): Placed[] {
  const byId = trimEndsBy(group, (m) => m.node.id);
  // Without ids, the rows' class says the same (a search field and a banner above chat rows).
  return byId === group ? trimEndsBy(group, (m) => m.node.className) : byId;
}

/**
 * Rows built from one layout share parts the app named (a chat message's picture, sender and
 * text; a feed post's header): where two or more members share such a part, a first or last
 * member sharing none with any other is an item placed with the rows (a notice above a chat, an
 * ad board and a link above a feed, a prompt below), not one of them.
 */
function trimStrangerEnds(group: Placed[]): Placed[] {
  if (group.length < 3) return group;
  // Its own name counts as a part: one layout of item may hold unlike contents (a group of
  // notifications among single ones).
  const named = (n: UiNode) => (n.id ? [`${n.className ?? n.role}#${n.id}`] : []);
  const parts = (m: Placed) => new Set([...named(m.node).map((k) => `self ${k}`), ...m.node.children.flatMap(named)]);
  const sets = group.map(parts);
  const kin = group.map((_, i) => [...(sets[i] as Set<string>)].some((k) => sets.some((o, j) => j !== i && o.has(k))));
  if (kin.filter(Boolean).length < 2) return group;
  // A member with no named part of its own says nothing of how it was built.
  const stranger = (i: number) => !kin[i] && (sets[i] as Set<string>).size > 0;
  let start = 0;
  let end = group.length;
  while (start < end && stranger(start)) start++;
  while (end > start && stranger(end - 1)) end--;
  return end - start >= 2 ? group.slice(start, end) : group;
}

function trimEndsBy(group: Placed[], key: (m: Placed) => string | undefined): Placed[] {
  if (group.length < 3) return group;
  const counts = new Map<string, number>();
  for (const m of group) {
    const k = key(m);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const [rowKey, n] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? ['', 0];
  if (n < ROW_ID_SHARE * group.length) return group;
  let start = 0;
  let end = group.length;
  while (start < end && key(group[start] as Placed) !== rowKey) start++;
  while (end > start && key(group[end - 1] as Placed) !== rowKey) end--;
  return end - start >= 2 && end - start < group.length ? group.slice(start, end) : group;
}

/** A first or last member several times the size of the others is the page around them (a content area below a header), not a row. */
function trimOversized(group: Placed[], axis: ListAxis): Placed[] {
  if (group.length < 3) return group;
  const size = (m: Placed) => along(m.node.frame, axis)[1];
  const m = median(group.map(size));
  let out = group;
  while (out.length >= 3 && size(out[out.length - 1] as Placed) > OVERSIZED * m) out = out.slice(0, -1);
  while (out.length >= 3 && size(out[0] as Placed) > OVERSIZED * m) out = out.slice(1);
  return out;
}

/**
 * Where most members share one size (the rows), first or last members of other sizes are the
 * items above or below them (a search field, a banner, a strip of stories above chat rows).
 */
function trimOddEnds(group: Placed[], axis: ListAxis, clip: Rect): Placed[] {
  if (group.length < 4) return group;
  const size = (m: Placed) => along(m.node.frame, axis)[1];
  const alike = (a: number, b: number) => near(a, b, ROW_SIZE_TOLERANCE);
  const counts = group.map((m) => group.filter((o) => alike(size(o), size(m))).length);
  const most = Math.max(...counts);
  if (most < ROW_SIZE_SHARE * group.length) return group;
  const rowSize = size(group[counts.indexOf(most)] as Placed);
  // A declared cell is a row, and so is a member of a second kind of row (its size recurs).
  const recurs = (m: Placed) => group.some((o) => o !== m && near(size(o), size(m), TWIN_SIZE_TOLERANCE));
  // A row cut by the container's edge is shorter: partly hidden, or (uiautomator cuts the bounds
  // themselves) ending at the container's end.
  const [clipStart, clipLength] = along(clip, axis);
  const cut = (m: Placed) => {
    const [s, l] = along(m.vis, axis);
    return size(m) < rowSize && (l < size(m) - 1 || Math.abs(s + l - (clipStart + clipLength)) <= 1);
  };
  // Built like the rows (chat bubbles of every height), a member is one of them.
  const rowShape = shapeOf(group[counts.indexOf(most)] as Placed);
  const fits = (m: Placed | undefined) =>
    m !== undefined && (isCell(m.node) || recurs(m) || cut(m) || shapeOf(m) === rowShape || near(size(m), rowSize, ODD_SIZE_TOLERANCE));
  let start = 0;
  let end = group.length;
  while (start < end && !fits(group[start])) start++;
  while (end > start && !fits(group[end - 1])) end--;
  return end - start >= 3 ? group.slice(start, end) : group;
}

/** A node's class and its children's classes and ids: how a row is built, whatever its size. */
function shapeOf(m: Placed): string {
  // Children's kinds in any order: the tree's order of siblings side by side says nothing.
  return [m.node.className ?? m.node.role, ...m.node.children.map((c) => `${c.className ?? c.role}#${c.id ?? ''}`).sort()].join('|');
}

/** Ordered along the axis; of two members drawn over each other, the larger stays. */
function unstack(group: readonly Placed[], axis: ListAxis): Placed[] {
  const sorted = [...group].sort((a, b) => along(a.vis, axis)[0] - along(b.vis, axis)[0] || a.index - b.index);
  const out: Placed[] = [];
  for (const m of sorted) {
    const prev = out[out.length - 1];
    if (prev && intervalOverlap(along(prev.vis, axis), along(m.vis, axis)) > STACKED_OVERLAP) {
      if (along(m.vis, axis)[1] > along(prev.vis, axis)[1]) out[out.length - 1] = m;
      continue;
    }
    out.push(m);
  }
  return out;
}

/**
 * A section header between two kinds of member (the page's status cards above it, setting rows
 * under it) starts the rows: what comes before the first header, built of other classes than
 * what follows and no more of them, is the head of the page, not rows of the section.
 */
function fromFirstSection(group: Placed[]): Placed[] {
  const header = (m: Placed) => isTextual(m.node) || saysOnlyText(m.node);
  const kind = (m: Placed) => m.node.className ?? m.node.role;
  const at = group.findIndex((m, i) => i > 0 && header(m) && group.slice(0, i).some((o) => !header(o)));
  if (at < 0) return group;
  const before = group.slice(0, at).filter((m) => !header(m));
  const after = group.slice(at + 1).filter((m) => !header(m));
  const kindsAfter = new Set(after.map(kind));
  return after.length >= 2 && after.length >= before.length && before.every((m) => !kindsAfter.has(kind(m))) ? group.slice(at) : group;
}

/** Section headers are text between rows (bare, or wrapped): when the rows are something else, they are not cells. */
function dropHeaders(group: Placed[], axis: ListAxis): Placed[] {
  const rows = group.filter((m) => !isTextual(m.node) && !saysOnlyText(m.node));
  const out = rows.length >= 2 && rows.length < group.length ? rows : group;
  // A bare label (a heading drawn as a view of its own) among rows that hold or do something is
  // a header too, where such labels are the few and lower than every such row (iOS flattens a
  // settings row with its switch into a bare label of a row's height: that one is a row).
  const full = out.filter((m) => !isBareLabel(m.node));
  const size = (m: Placed) => along(m.vis, axis)[1];
  const lowest = Math.min(...full.map(size));
  const headers = out.filter((m) => isBareLabel(m.node) && size(m) < lowest);
  return full.length >= 2 && 2 * full.length > out.length && headers.length > 0 ? out.filter((m) => !headers.includes(m)) : out;
}

/** Rows that load more rows (a "View 1 more reply" between comments, a spinner at the end) are not cells, when the rows are something else. */
function dropLoadMore(group: Placed[]): Placed[] {
  const rows = group.filter((m) => !isLoadMoreRow(m.node));
  return rows.length >= 2 && 2 * (group.length - rows.length) < rows.length ? rows : group;
}

/**
 * A side of a tile fits the reference tile's: the same within tolerance, or shorter where the
 * tile is cut off by the edge of what shows it (the last row or column of a scrolled grid).
 */
function fitsSide(size: number, ref: number, end: number, edge: number): boolean {
  return near(size, ref, TILE_SIZE_TOLERANCE) || (size < ref && Math.abs(end - edge) <= 1);
}

/** Tiles of the same size in at least two rows and two columns, read row by row. */
function gridOf(items: readonly Placed[], clip: Rect): Placed[] | null {
  const right = clip.x + clip.w;
  const bottom = clip.y + clip.h;
  const whole = (v: Rect, ref: Rect) => near(v.w, ref.w, TILE_SIZE_TOLERANCE) && near(v.h, ref.h, TILE_SIZE_TOLERANCE);
  const cut = (v: Rect, ref: Rect) => fitsSide(v.w, ref.w, v.x + v.w, right) && fitsSide(v.h, ref.h, v.y + v.h, bottom);
  // Tiles of one size first, whole tiles before cut ones so a cut tile never becomes the size
  // the others are held to; then a size that only a few tiles at the edge have joins the size
  // they are cut from. A whole tile in the last column also touches the edge: it is never taken
  // for a cut piece of a wider neighbour (a widget beside a column of icons).
  const sizes: Placed[][] = [];
  const wholeFirst = [...items].sort((a, b) => b.node.frame.w * b.node.frame.h - a.node.frame.w * a.node.frame.h || a.vis.y - b.vis.y || a.vis.x - b.vis.x);
  for (const item of wholeFirst) {
    const home = sizes.find((g) => whole(item.vis, (g[0] as Placed).node.frame));
    if (home) home.push(item);
    else sizes.push([item]);
  }
  for (const g of [...sizes].sort((a, b) => a.length - b.length)) {
    const into = sizes
      .filter((h) => h !== g && h.length >= g.length && g.every((m) => cut(m.vis, (h[0] as Placed).node.frame)))
      .sort((a, b) => b.length - a.length)[0];
    if (!into) continue;
    into.push(...g);
    sizes.splice(sizes.indexOf(g), 1);
  }
  let best: Placed[] | null = null;
  for (const tiles of sizes) {
    if (tiles.length < 4) continue;
    const rows = rowsOf(tiles);
    const columns = Math.max(...rows.map((r) => r.length));
    // Tiles of a row stand side by side: two drawn over each other (a tab bar over the page's
    // last block) are no two columns.
    const sideBySide = rows.every((r) => r.every((t, i) => i === 0 || intervalOverlap(along((r[i - 1] as Placed).vis, 'horizontal'), along(t.vis, 'horizontal')) <= STACKED_OVERLAP));
    // Rows of one grid share its columns: tiles of one size strewn over a page (a player's
    // back, menu and offset buttons) stand in rows of their own but on no column together.
    const oneColumn = (t: Placed, u: Placed) => aligned(u.vis.x, t.vis.x) || aligned(u.vis.x + u.vis.w, t.vis.x + t.vis.w);
    const column = rows.some((r, i) => rows.slice(i + 1).some((o) => r.some((t) => o.some((u) => oneColumn(t, u)))));
    if (rows.length >= 2 && columns >= 2 && sideBySide && column && (!best || tiles.length > best.length)) best = rows.flat();
  }
  best ??= centredGrid(items);
  return best && trimStrangerTiles(withStaggered(best, items));
}

/** A tile of a centred grid is at most this many times as wide as it is tall. */
const ICON_ASPECT = 1.5;

/**
 * Icons with their names under them (a home screen of apps, as iOS reports it): each tile is as
 * wide as its name, but the tiles are of one height and stand centred on the columns of the
 * fullest row (a last row may be short).
 */
function centredGrid(items: readonly Placed[]): Placed[] | null {
  const heights: Placed[][] = [];
  // In reading order, so the height each group is held to does not depend on the tree's order.
  // An icon over its name is about as tall as it is wide; lines of text (figures over their
  // captions, centred on the same columns) and bars are far wider than tall and no such tiles.
  const iconShaped = items.filter((t) => t.vis.w <= ICON_ASPECT * t.vis.h);
  for (const item of [...iconShaped].sort((a, b) => a.vis.y - b.vis.y || a.vis.x - b.vis.x)) {
    const home = heights.find((g) => near(item.vis.h, (g[0] as Placed).vis.h, TILE_SIZE_TOLERANCE));
    if (home) home.push(item);
    else heights.push([item]);
  }
  const centre = (p: Placed) => p.vis.x + p.vis.w / 2;
  for (const tiles of heights) {
    if (tiles.length < 4) continue;
    const rows = rowsOf(tiles);
    const fullest = rows.reduce((a, b) => (b.length > a.length ? b : a));
    const columns = fullest.map(centre);
    const onColumn = (p: Placed) => columns.some((x) => aligned(centre(p), x));
    // Side by side without overlapping, a column per tile: not a paragraph's words nor a form's lines.
    const apart = rows.every((r) => r.every((t, i) => i === 0 || (r[i - 1] as Placed).vis.x + (r[i - 1] as Placed).vis.w <= t.vis.x + 1));
    // A row elsewhere (a dock of another height band, a lone bar) is not one of the grid's.
    const gridRows = rows.filter((r) => r === fullest || (r.length >= 2 && r.every(onColumn)));
    if (gridRows.length >= 2 && columns.length >= 2 && apart) return gridRows.flat();
  }
  return null;
}

/**
 * A staggered grid (a video feed's two columns of cards of several heights): an item built like
 * the tiles, standing in one of their columns edge for edge without overlapping a tile, is a
 * tile too, whatever its height.
 */
function withStaggered(tiles: Placed[], items: readonly Placed[]): Placed[] {
  const shapes = new Set(tiles.map(shapeOf));
  const inColumn = (p: Placed) => tiles.some((t) => aligned(t.vis.x, p.vis.x) && aligned(t.vis.x + t.vis.w, p.vis.x + p.vis.w));
  const clear = (p: Placed) => tiles.every((t) => !intersects(t.vis, p.vis));
  const extra = items.filter((p) => !tiles.includes(p) && shapes.has(shapeOf(p)) && inColumn(p) && clear(p));
  return extra.length === 0 ? tiles : rowsOf([...tiles, ...extra]).flat();
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * At the start or end of a grid, a tile that cannot be tapped itself and is built unlike any
 * other tile, where the others come in kinds of several each, is a neighbour laid out in the
 * grid's cell size (a clock widget beside the icons of a home screen), not one of its items.
 */
function trimStrangerTiles(tiles: Placed[]): Placed[] {
  const counts = new Map<string, number>();
  for (const t of tiles) counts.set(shapeOf(t), (counts.get(shapeOf(t)) ?? 0) + 1);
  const stranger = (t: Placed | undefined) => t !== undefined && counts.get(shapeOf(t)) === 1 && t.node.actions.length === 0;
  const strangers = tiles.filter((t) => counts.get(shapeOf(t)) === 1);
  if (strangers.length !== 1 || tiles.length < 5) return tiles;
  if (stranger(tiles[0])) return tiles.slice(1);
  if (stranger(tiles[tiles.length - 1])) return tiles.slice(0, -1);
  return tiles;
}

/**
 * Tiles that are items, a collection even where the page does not scroll: most of them can be
 * pressed and held (to move them, to open a menu on one: a home screen's icons), or tapped and
 * showing more than a control does (a picture and its caption, a drink's name and price: the
 * answers of a quiz, a kiosk's drinks). A keypad's keys and a menu's buttons are only tapped
 * and say a label.
 */
export function itemTiles(tiles: readonly Placed[]): boolean {
  const [first] = tiles;
  if (first && !declaresPressing(first)) return true;
  const item = (t: Placed) => t.node.actions.includes('longPress') || (t.node.actions.includes('tap') && !looksLikeControl(t.node));
  return tiles.filter(item).length > tiles.length / 2;
}


/** Tiles grouped into rows (by overlapping vertical extent), rows top to bottom, tiles left to right. */
export function rowsOf(tiles: readonly Placed[]): Placed[][] {
  const rows: Placed[][] = [];
  for (const t of [...tiles].sort((a, b) => a.vis.y - b.vis.y || a.vis.x - b.vis.x)) {
    const row = rows.find((r) => intervalOverlap(along((r[0] as Placed).vis, 'vertical'), along(t.vis, 'vertical')) > 0.5);
    if (row) row.push(t);
    else rows.push([t]);
  }
  for (const r of rows) r.sort((a, b) => a.vis.x - b.vis.x);
  return rows;
}

/**
 * Share of the run from the first to the last member that is members: a sibling lying between
 * them along the axis and not drawn inside a member (a header, a form label) breaks the run.
 * Judged by place on the screen, not by the tree's order.
 */
function regularityOf(members: readonly Placed[], children: readonly Placed[], axis: ListAxis, declared: boolean): number {
  const starts = members.map((m) => along(m.vis, axis)[0]);
  const from = Math.min(...starts);
  const to = Math.max(...members.map((m) => along(m.vis, axis)[0] + along(m.vis, axis)[1]));
  const inMembers = new Set(members);
  const inside = (r: Rect) => members.some((m) => containsRect(grow(m.vis, 1), r));
  // A sibling on a member's line, built otherwise (a status beside a name, in a flat layout with
  // no node per row), is that row's other part, not something between rows; one as wide as the
  // member is the next column of a grid (a keypad's keys), and still breaks a column.
  const besideMember = (c: Placed) => {
    const [s, l] = along(c.vis, axis);
    return members.some((m) => {
      const [ms, ml] = along(m.vis, axis);
      const onLine = l > 0 && Math.min(s + l, ms + ml) - Math.max(s, ms) > BESIDE_OVERLAP * l;
      return onLine && !near(across(c.vis, axis)[1], across(m.vis, axis)[1], TILE_SIZE_TOLERANCE);
    });
  };
  const between = (c: Placed) => {
    const [s, l] = along(c.vis, axis);
    const mid = s + l / 2;
    return mid > from && mid < to;
  };
  const breaks = children.filter((c) => !inMembers.has(c) && between(c) && !inside(c.vis));
  // Fields between the members make them the labels of a form, where no collection says otherwise.
  if (!declared && breaks.some((c) => isInput(c.node))) return 0;
  const kept = breaks.filter((c) => !besideMember(c)).length;
  return members.length / (members.length + kept);
}

function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}

/**
 * A notice placed in a list: it does nothing itself but holds a control of its own (a tip with
 * its Dismiss button); one with a field to fill is a form (a card asking for a phone number).
 * A control filling most of it is the row itself in a wrapper (a note card in its holder), no
 * notice's button.
 */
function isNotice(n: UiNode): boolean {
  const held = nodesInside(n);
  const fills = (m: UiNode) => m.frame.w * m.frame.h > MOST_OF * n.frame.w * n.frame.h;
  return n.actions.length === 0 && held.some((m) => m.actions.length > 0) && !held.some((m) => m.actions.length > 0 && fills(m)) && !held.some(isInput);
}

/**
 * The one row of a list that shows a single one (an inbox with one conversation): the only
 * member pressed itself, under nothing but a section header and notices (a dismissible tip),
 * which are placed above a list's rows; a page's parts around a link are no list.
 */
function loneRow(children: readonly Placed[]): Placed | undefined {
  const rows = children.filter((c) => !isTextual(c.node) && !saysOnlyText(c.node) && !isNotice(c.node));
  const [row] = rows;
  if (rows.length !== 1 || children.length < 2 || !row || !isPressed(row.node)) return undefined;
  return children.every((c) => c === row || c.vis.y + c.vis.h <= row.vis.y + 1) ? row : undefined;
}

/**
 * A column that scrolls, cut by its bottom edge, goes on below with more rows: the member cut
 * there is one, and so is each member before it laid out like it (of its kind, on its edges,
 * pressed and labelled as it is; Compose and Flutter report a cut row bare, so its parts are not
 * compared). Where the column's members are the blocks of a page (a title over a chart, a
 * summary card, chips) above its rows, the rows are that run at its end. The index the run
 * starts at, or -1 where the column is not cut by its last member.
 */
function runToCut(group: readonly Placed[], parent: Placed): number {
  const last = group[group.length - 1];
  // The scroll view's own edge: the content it scrolls ends above it where the column is short.
  let shown: Placed | null = parent;
  while (shown && !isScroller(shown.node) && !isCollection(shown.node)) shown = shown.parent;
  if (!last || !shown || !aligned(last.vis.y + last.vis.h, shown.vis.y + shown.vis.h)) return -1;
  const laidLike = (m: Placed) =>
    m.node.role === last.node.role &&
    m.node.className === last.node.className &&
    aligned(m.vis.x, last.vis.x) &&
    aligned(m.vis.x + m.vis.w, last.vis.x + last.vis.w) &&
    isPressed(m.node) === isPressed(last.node) &&
    Boolean(m.node.label) === Boolean(last.node.label);
  let start = group.length - 1;
  while (start > 0 && laidLike(group[start - 1] as Placed)) start--;
  return start;
}

/** The rows at the end of a page's blocks, run to the cut at the bottom of the column (runToCut). */
function rowsAboveCut(group: readonly Placed[], parent: Placed): Placed[] | null {
  const start = runToCut(group, parent);
  return start > 0 && group.length - start >= 2 ? group.slice(start) : null;
}

/** Every cell laid out like the last, which the bottom edge of a column that scrolls cuts: a list going on below (runToCut). */
export function runsToCut(c: Candidate): boolean {
  return c.axis === 'vertical' && !c.grid && c.container !== null && runToCut(c.cells, c.container) === 0;
}

/** An end item narrower than this share of the widest is cut by the side of what shows it. */
const CUT_WIDTH = 0.9;

/**
 * Items side by side, the first or last cut by a side of what shows them, the others laid like
 * it (of its class, pressed as it is, on its top and bottom edges): a row going on past that
 * side, a carousel of one card and the next one's sliver. In a scroll view, items a person taps;
 * where nothing says the row scrolls, items a person holds (to move or close them: a launcher's
 * recent tasks) show it is a row of things, not a bar of controls.
 */
function runsPastSide(group: readonly Placed[], parent: Placed): boolean {
  const [first] = group;
  const last = group[group.length - 1];
  if (!first || !last || group.length < 2) return false;
  const item = (m: Placed) => (scrolls(parent) ? isPressed(m.node) : m.node.actions.includes('longPress'));
  const like = (m: Placed) =>
    m.node.className === first.node.className &&
    item(m) &&
    m.node.actions.join() === first.node.actions.join() &&
    aligned(m.vis.y, first.vis.y) &&
    aligned(m.vis.y + m.vis.h, first.vis.y + first.vis.h);
  if (!group.every(like)) return false;
  const widest = Math.max(...group.map((m) => m.vis.w));
  const cutStart = aligned(first.vis.x, parent.vis.x) && first.vis.w < CUT_WIDTH * widest;
  const cutEnd = aligned(last.vis.x + last.vis.w, parent.vis.x + parent.vis.w) && last.vis.w < CUT_WIDTH * widest;
  return cutStart || cutEnd;
}

/** A row of items running past a side of what shows it (runsPastSide). */
export function runsPast(c: Candidate): boolean {
  return c.axis === 'horizontal' && !c.grid && c.container !== null && runsPastSide(c.cells, c.container);
}

/** Lists among the children of one container: rows of a column, items of a scrolling row, tiles of a grid. */
export function siblingCandidates(parent: Placed, children: readonly Placed[]): Candidate[] {
  const declaredCells = children.filter((c) => isCell(c.node));
  // A collection the platform names is a list even with one cell in view (a feed's one tall
  // post), beside what it declares not to be cells (the scroll bars iOS lists as elements).
  const only = children.length === 1 ? children[0] : declaredCells.length === 1 ? declaredCells[0] : loneRow(children);
  if (only && isCollection(parent.node)) {
    return [{ detector: 'siblings', container: parent, containerFrame: parent.vis, axis: 'vertical', grid: false, cells: [only], regularity: 1 }];
  }
  if (children.length < 2) return [];
  // Where the platform says which children are cells, the others (headers, footers) are not.
  const pool = declaredCells.length >= 2 ? declaredCells : children;
  const collects = isCollection(parent.node) || scrolls(parent) || declaredCells.length >= 2;
  const make = (cells: Placed[], axis: ListAxis, grid: boolean): Candidate => ({
    detector: 'siblings',
    container: parent,
    containerFrame: parent.vis,
    axis,
    grid,
    cells,
    regularity: regularityOf(cells, children, axis, isCollection(parent.node) || declaredCells.length >= 2),
  });

  const out: Candidate[] = [];
  const tiles = gridOf(pool, parent.vis);
  const grid = tiles && (collects || itemTiles(tiles)) ? tiles : null;
  if (grid) out.push(make(grid, 'vertical', true));
  const inGrid = new Set(grid ?? []);
  const outsideGrid = (g: Placed[]) => !g.every((m) => inGrid.has(m));
  for (const g of alignedGroups(pool, 'vertical', parent.vis)) {
    if (!outsideGrid(g)) continue;
    out.push(make(g, 'vertical', false));
    const rows = rowsAboveCut(g, parent);
    if (rows) out.push(make(rows, 'vertical', false));
  }
  for (const g of alignedGroups(pool, 'horizontal', parent.vis)) if (outsideGrid(g) && (collects || runsPastSide(g, parent))) out.push(make(g, 'horizontal', false));
  return out;
}
