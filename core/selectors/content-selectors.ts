import { shortId } from '../outline/ids.js';
import type { OutlineElement, Snapshot } from '../outline/snapshot.js';
import { matchSelector } from './resolve.js';
import type { Selector } from './selector.js';

/**
 * Selectors built from what the element is and shows, never a snapshot ref: its id (short and
 * full), its text, its role and label, its list cell (first or last, as the caller ranks it), its role.
 */
export function contentSelectors(el: OutlineElement, cell: 'first' | 'last'): Selector[] {
  const named: Selector[] = [];
  if (el.id !== undefined) {
    named.push({ kind: 'id', id: shortId(el.id) });
    if (shortId(el.id) !== el.id) named.push({ kind: 'id', id: el.id });
  }
  if (el.label !== undefined) {
    named.push({ kind: 'match', tests: [{ name: 'text', op: '=', value: el.label }] });
    named.push({ kind: 'match', role: el.role, tests: [{ name: 'label', op: '=', value: el.label }] });
  }
  const cells: Selector[] = el.list ? [{ kind: 'cell', cell: el.list.cell, list: el.list.list }] : [];
  const role: Selector = { kind: 'match', role: el.role, tests: [] };
  return cell === 'first' ? [...cells, ...named, role] : [...named, ...cells, role];
}

/** The selector finds this element and nothing else on the screen. */
export function namesAlone(selector: Selector, el: OutlineElement, snapshot: Pick<Snapshot, 'elements'>): boolean {
  const found = matchSelector(selector, snapshot);
  return found.length === 1 && found[0]?.index === el.index;
}
