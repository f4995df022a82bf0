import type { OutlineElement } from './snapshot.js';

/** `com.example:id/title` -> `title`; ids without a package part stay as they are. */
export function shortId(id: string): string {
  const at = id.indexOf(':id/');
  return at >= 0 ? id.slice(at + 4) : id;
}

/** Digits-only ids would read as list cells (`#3`), so they are written `id="3"`. */
export function idSelector(id: string): string {
  return /^\d+$/.test(id) || !/^[\w.:/-]+$/.test(id) ? `id=${JSON.stringify(id)}` : `#${id}`;
}

/**
 * The ids worth printing: those that name exactly one element of the snapshot (an id shared by
 * every row addresses nothing). Printed short when the short form is unique too.
 */
export function printableIds(snapshot: { elements: OutlineElement[] }): Map<number, string> {
  const full = new Map<string, OutlineElement[]>();
  const short = new Map<string, Set<string>>();
  for (const el of snapshot.elements) {
    if (el.id === undefined) continue;
    full.set(el.id, [...(full.get(el.id) ?? []), el]);
    const s = shortId(el.id);
    short.set(s, (short.get(s) ?? new Set()).add(el.id));
  }
  const out = new Map<number, string>();
  for (const [id, els] of full) {
    const [only] = els;
    if (els.length !== 1 || !only) continue;
    const s = shortId(id);
    out.set(only.index, idSelector(short.get(s)?.size === 1 ? s : id));
  }
  return out;
}
