import type { OutlineElement, Snapshot } from '../outline/snapshot.js';
import { contentSelectors, namesAlone } from './content-selectors.js';
import { formatSelector } from './resolve.js';

/**
 * The selector another run of the same app can find this element by: its id, its text, its
 * role and label, its list cell, or its role alone, the first that names it alone on this
 * screen; never a snapshot ref (`@N` means nothing on another device). Undefined when none does.
 */
export function stableSelectorFor(el: OutlineElement, snapshot: Pick<Snapshot, 'elements'>): string | undefined {
  const unique = contentSelectors(el, 'last').find((s) => namesAlone(s, el, snapshot));
  return unique === undefined ? undefined : formatSelector(unique);
}
