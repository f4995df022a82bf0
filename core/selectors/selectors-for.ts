import { shortId } from '../outline/ids.js';
import type { OutlineElement, Snapshot } from '../outline/snapshot.js';
import { formatSelector, matchSelector } from './resolve.js';
import type { Selector } from './selector.js';

/**
 * Every selector that names exactly this element in this snapshot, shortest first (ties keep
 * the order: cell, id, text, role, ref). `@N` and `@<snapshot>:N` always qualify.
 */
export function selectorsFor(el: OutlineElement, snapshot: Pick<Snapshot, 'id' | 'elements'>): string[] {
  const candidates: Selector[] = [];
  if (el.list) candidates.push({ kind: 'cell', cell: el.list.cell, list: el.list.list });
  if (el.id !== undefined) {
    candidates.push({ kind: 'id', id: shortId(el.id) });
    if (shortId(el.id) !== el.id) candidates.push({ kind: 'id', id: el.id });
  }
  if (el.label !== undefined) {
    candidates.push({ kind: 'match', tests: [{ name: 'text', op: '=', value: el.label }] });
    candidates.push({ kind: 'match', role: el.role, tests: [{ name: 'label', op: '=', value: el.label }] });
  }
  candidates.push({ kind: 'match', role: el.role, tests: [] });
  const unique = candidates.filter((s) => {
    const found = matchSelector(s, snapshot);
    return found.length === 1 && found[0]?.index === el.index;
  });
  const texts = [...new Set([...unique.map(formatSelector), `@${el.index}`, `@${snapshot.id}:${el.index}`])];
  return texts.map((t, i) => ({ t, i })).sort((a, b) => a.t.length - b.t.length || a.i - b.i).map((x) => x.t);
}
