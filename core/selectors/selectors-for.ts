import type { OutlineElement, Snapshot } from '../outline/snapshot.js';
import { contentSelectors, namesAlone } from './content-selectors.js';
import { formatSelector } from './resolve.js';

/**
 * Every selector that names exactly this element in this snapshot, shortest first (ties keep
 * the order: cell, id, text, role, ref). `@N` and `@<snapshot>:N` always qualify.
 */
export function selectorsFor(el: OutlineElement, snapshot: Pick<Snapshot, 'id' | 'elements'>): string[] {
  const unique = contentSelectors(el, 'first').filter((s) => namesAlone(s, el, snapshot));
  const texts = [...new Set([...unique.map(formatSelector), `@${el.index}`, `@${snapshot.id}:${el.index}`])];
  return texts.map((t, i) => ({ t, i })).sort((a, b) => a.t.length - b.t.length || a.i - b.i).map((x) => x.t);
}
