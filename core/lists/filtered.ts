import type { UiNode } from '../model/ui-node.js';
import { isRecord, looksLikeControl } from './blocks.js';
import { isPressed } from './pressing.js';
import { isCollection, isInput, isScroller } from './roles.js';
import type { Candidate, Placed } from './types.js';

/**
 * A bar that filters what a page shows: a field to search it, or a strip that scrolls sideways
 * through controls of one label each (periods, statuses), held bare or in the strip's one
 * content view.
 */
export function isFilterBar(n: UiNode): boolean {
  if (n.states.editable === true && isInput(n)) return true;
  if (!isScroller(n) || isCollection(n)) return false;
  const [only] = n.children;
  const items = n.children.length === 1 && only && only.children.length >= 2 ? only.children : n.children;
  return items.length >= 2 && items.every(looksLikeControl);
}

/** A stack of strips that scroll sideways, filters among them, is a page's filters, not the list they filter. */
export function isFilterStack(c: Candidate): boolean {
  return c.cells.some((p) => isFilterBar(p.node)) && c.cells.every((p) => isScroller(p.node));
}

/** A part of a page as what it shows: a column that scrolls holding one thing stands for that thing. */
const shownBy = (n: UiNode): UiNode => (isScroller(n) && n.children.length === 1 && n.children[0] ? n.children[0] : n);

const isItem = (n: UiNode): boolean => !isFilterBar(n) && isPressed(n) && isRecord(n);

/**
 * What a page filters is its list, however few it shows: below a search field or a strip of
 * filter chips, the one record a person taps among the page's parts (an order, a task; laid bare
 * among them or alone in a column that scrolls) is a list of one. Two or more are the other
 * detectors' case.
 */
export function isFilteredOne(c: Candidate): boolean {
  const [item] = c.cells;
  if (c.cells.length !== 1 || !item || !item.parent || c.detector !== 'siblings' || !isItem(item.node)) return false;
  const page = isScroller(item.parent.node) && item.parent.node.children.length === 1 ? item.parent.parent : item.parent;
  if (!page || isCollection(page.node) || isCollection(item.parent.node)) return false;
  const parts = page.node.children;
  const above = (f: UiNode) => f.frame.y + f.frame.h <= item.node.frame.y + 1;
  return parts.filter((n) => isItem(shownBy(n))).length === 1 && parts.some((f) => isFilterBar(f) && above(f));
}

/** Each record a person taps, as a list of one in its holder, for isFilteredOne to weigh. */
export function itemCandidates(p: Placed): Candidate[] {
  if (!p.parent || isCollection(p.parent.node) || !isItem(p.node)) return [];
  return [{ detector: 'siblings', container: p.parent, containerFrame: p.parent.vis, axis: 'vertical', grid: false, cells: [p], regularity: 1 }];
}
