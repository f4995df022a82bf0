import { shortId } from '../outline/ids.js';
import type { OutlineElement, Snapshot } from '../outline/snapshot.js';
import { formatSelector, matchSelector } from './resolve.js';
import type { Selector } from './selector.js';

/**
 * The selector another run of the same app can find this element by: its id, its text, its
 * role and label, its list cell, or its role alone, the first that names it alone on this
 * screen; never a snapshot ref (`@N` means nothing on another device). Undefined when none does.
 */
export function stableSelectorFor(el: OutlineElement, snapshot: Pick<Snapshot, 'elements'>): string | undefined {
  const candidates: Selector[] = [];
  if (el.id !== undefined) {
    candidates.push({ kind: 'id', id: shortId(el.id) });
    if (shortId(el.id) !== el.id) candidates.push({ kind: 'id', id: el.id });
  }
  if (el.label !== undefined) {
    candidates.push({ kind: 'match', tests: [{ name: 'text', op: '=', value: el.label }] });
    candidates.push({ kind: 'match', role: el.role, tests: [{ name: 'label', op: '=', value: el.label }] });
  }
  if (el.list) candidates.push({ kind: 'cell', cell: el.list.cell, list: el.list.list });
  candidates.push({ kind: 'match', role: el.role, tests: [] });
  const unique = candidates.find((s) => {
    const found = matchSelector(s, snapshot);
    return found.length === 1 && found[0]?.index === el.index;
  });
  return unique === undefined ? undefined : formatSelector(unique);
}
