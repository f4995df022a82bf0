import { rectCentre } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';
import type { LineNode } from './element-nodes.js';

/** Everything a node and its subtree declare, as text: the last tie-breaker between siblings. */
function canonical(node: UiNode, cache: Map<UiNode, string>): string {
  const known = cache.get(node);
  if (known !== undefined) return known;
  const f = node.frame;
  const own = [node.role, node.label ?? '', node.value ?? '', node.id ?? '', f.x, f.y, f.w, f.h, JSON.stringify(node.states), node.actions.join(',')].join('\u0001');
  const text = `${own}[${node.children.map((c) => canonical(c, cache)).sort().join('|')}]`;
  cache.set(node, text);
  return text;
}

/**
 * Reading order: centre y, then centre x of the visible part, in whole points, from the right on
 * a screen written right to left (Arabic, Hebrew); ties (overlapping nodes with the same centre)
 * fall back to size and then content, so the order never depends on the order the platform
 * listed siblings in. One comparator per build: it remembers content texts.
 */
export function lineComparator(rightToLeft = false): (a: LineNode, b: LineNode) => number {
  const sign = rightToLeft ? -1 : 1;
  const cache = new Map<UiNode, string>();
  return (a, b) => {
    const ca = rectCentre(a.visible);
    const cb = rectCentre(b.visible);
    const keys: Array<[number, number]> = [
      [Math.round(ca.y), Math.round(cb.y)],
      [sign * Math.round(ca.x), sign * Math.round(cb.x)],
      [Math.round(a.visible.h), Math.round(b.visible.h)],
      [Math.round(a.visible.w), Math.round(b.visible.w)],
    ];
    for (const [x, y] of keys) if (x !== y) return x - y;
    const sa = canonical(a.node, cache);
    const sb = canonical(b.node, cache);
    return sa < sb ? -1 : sa > sb ? 1 : 0;
  };
}
