import type { UiNode } from '../model/ui-node.js';
import { intervalOverlap } from './geometry.js';
import type { ListAxis } from './types.js';

/** Letters of scripts written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/gu;

/** Nodes whose text is mostly in a right-to-left script are laid out and read from the right (Arabic, Hebrew). */
export function readsRightToLeft(nodes: readonly UiNode[]): boolean {
  let rtl = 0;
  let other = 0;
  const walk = (n: UiNode): void => {
    for (const t of [n.label, n.value]) {
      for (const [letter] of (t ?? '').matchAll(LETTER)) {
        if (RTL_LETTER.test(letter)) rtl++;
        else other++;
      }
    }
    n.children.forEach(walk);
  };
  nodes.forEach(walk);
  return rtl > other;
}

const seen = (n: UiNode) => n.visibleFrame ?? n.frame;

/**
 * Cells in the order a person reads them: rows top to bottom (cells overlapping by more than half
 * their height share a row, whatever their tops), each row in the direction of its text, from the
 * right where that is Arabic or Hebrew; a list running sideways likewise starts at the right.
 */
export function readingOrder(cells: readonly UiNode[], axis: ListAxis): UiNode[] {
  const sign = readsRightToLeft(cells) ? -1 : 1;
  const byX = (a: UiNode, b: UiNode) => sign * (seen(a).x + seen(a).w / 2 - (seen(b).x + seen(b).w / 2)) || seen(a).y - seen(b).y;
  if (axis === 'horizontal') return [...cells].sort(byX);
  const rows: UiNode[][] = [];
  for (const c of [...cells].sort((a, b) => seen(a).y - seen(b).y || seen(a).x - seen(b).x)) {
    const row = rows.find((r) => intervalOverlap([seen(r[0] as UiNode).y, seen(r[0] as UiNode).h], [seen(c).y, seen(c).h]) > 0.5);
    if (row) row.push(c);
    else rows.push([c]);
  }
  return rows.flatMap((r) => r.sort(byX));
}
