import type { UiNode } from '../model/ui-node.js';
import { near } from './geometry.js';
import { isCollection, isTextual, nodesInside, saysOnlyText } from './roles.js';
import { rowsOf } from './siblings.js';
import type { Candidate, Placed } from './types.js';

const TILE_SIZE_TOLERANCE = 0.15;
/** A tile is at most this share of its row's width; a wider child is the row's own content. */
const MAX_TILE_SHARE = 0.6;

/**
 * A list whose rows each hold a few equal tiles side by side is a grid laid out as rows
 * (Android's share sheet): its cells are the tiles, row by row, those of a first or last row
 * cut short by the list's edge included.
 */
export function flattenTiledRows(candidate: Candidate, childrenOf: (p: Placed) => Placed[]): Candidate {
  if (candidate.axis !== 'vertical' || candidate.grid || candidate.cells.length < 2) return candidate;
  // In a collection the platform declares, a row that only says something ("No recommended
  // people to share with") is a notice among the rows of tiles, not a row of them. Elsewhere a
  // text above a row of tiles is the title of a section.
  const declared = candidate.container !== null && isCollection(candidate.container.node);
  const tiled = declared ? candidate.cells.filter((row) => !isTextual(row.node) && !saysOnlyText(row.node)) : candidate.cells;
  const c = tiled.length < candidate.cells.length ? { ...candidate, cells: tiled } : candidate;
  if (c.cells.length === 0) return candidate;
  const rows = c.cells.map(childrenOf);
  if (rows.some((r) => r.length === 0) || !rows.some((r) => r.length >= 2)) return candidate;
  // A row that says something of its own beside its tiles (a card's title over its edit and
  // delete buttons, drawn by the card itself) is a record holding controls, not a wrapper of tiles.
  if (c.cells.some((row) => saysMoreThan(row.node))) return candidate;
  const tiles = rows.flat();
  // Held to a whole tile (the largest): the first or last row may be cut by the edge of the list.
  const ref = tiles.reduce((a, b) => (b.node.frame.w * b.node.frame.h > a.node.frame.w * a.node.frame.h ? b : a)).node.frame;
  const clip = c.container?.vis ?? c.containerFrame;
  const atEdge = (row: Placed) => Math.abs(row.vis.y - clip.y) <= 1 || Math.abs(row.vis.y + row.vis.h - (clip.y + clip.h)) <= 1;
  const fits = (t: Placed, row: Placed) =>
    near(t.node.frame.w, ref.w, TILE_SIZE_TOLERANCE) && (near(t.node.frame.h, ref.h, TILE_SIZE_TOLERANCE) || (t.node.frame.h < ref.h && atEdge(row)));
  const sameSize = c.cells.every((row, i) => (rows[i] ?? []).every((t) => fits(t, row)));
  const narrow = c.cells.every((row, i) => (rows[i] ?? []).every((t) => t.vis.w <= MAX_TILE_SHARE * row.vis.w));
  const sideBySide = rows.every((r) => rowsOf(r).length === 1);
  if (!sameSize || !narrow || !sideBySide) return candidate;
  return { ...c, grid: true, cells: rows.flatMap((r) => [...r].sort((a, b) => a.vis.x - b.vis.x)) };
}

/**
 * The members of a declared collection, with its row wrappers opened: a child that holds two or
 * more items of the layout of the collection's own loose items (class and id) is a row of the
 * grid, not one cell (Android's share sheet wraps its first row of targets and lists the next
 * row's targets bare); one that holds such items under a section header is a section, its
 * items rows like the loose ones (a contact list's letter wraps the letter's first contact).
 */
export function openRowWrappers(parent: Placed, children: Placed[], childrenOf: (p: Placed) => Placed[]): Placed[] {
  if (!isCollection(parent.node)) return children;
  // One item layout: the same class and the same id as a loose item.
  const layout = (p: Placed) => (p.node.id ? `${p.node.className ?? p.node.role}#${p.node.id}` : undefined);
  const loose = new Set(children.map(layout).filter(Boolean));
  // A section of the collection (a letter of a contact list) wraps its first items with its
  // header: the header is text, the items are rows of the list like the loose ones.
  const header = (p: Placed) => isTextual(p.node) || saysOnlyText(p.node);
  const itemsOf = (ch: Placed) => {
    const inner = childrenOf(ch);
    // Only an item that is more than a text: a wrapped title and summary is one row, not a section.
    const items = inner.filter((i) => loose.has(layout(i)) && !header(i));
    const headed = items.length >= 1 && inner.some(header);
    return (items.length >= 2 || headed) && inner.every((i) => items.includes(i) || header(i)) ? items : null;
  };
  if (!children.some(itemsOf)) return children;
  return children.flatMap((ch) => itemsOf(ch) ?? [ch]);
}

/** Its own text is not the text of what it holds (as an iOS container repeats its children's). */
function saysMoreThan(n: UiNode): boolean {
  const own = n.label ?? n.value;
  if (!own) return false;
  const inner = nodesInside(n).flatMap((m) => [m.label, m.value]);
  return !inner.some((t) => t && (own.includes(t) || t.includes(own)));
}
