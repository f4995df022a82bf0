import { containsRect, intersectRect, type Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';
import { hasArea } from './visibility.js';

function showsSomething(node: UiNode, screen: Rect): boolean {
  if (node.visible === false || !hasArea(node.frame) || !intersectRect(node.frame, screen)) return false;
  if (node.label || node.value || node.actions.length > 0) return true;
  return node.children.some((c) => showsSomething(c, screen));
}

/**
 * The nodes hidden under a raised sibling: where the platform gives a paint order
 * (`drawingOrder`) and a sibling listed earlier is drawn later than one listed after it, the
 * app lifted it over the others (an open search view over the inbox), so it hides the parts
 * of them it spans whole, if it shows anything itself. Sibling order alone is no evidence:
 * a later full-screen container is more often transparent (a scroll view padded under an
 * app bar) than an overlay.
 */
export function occludedNodes(root: UiNode, screen: Rect): Set<UiNode> {
  const hidden = new Set<UiNode>();
  const mark = (node: UiNode, covers: readonly Rect[]): void => {
    const seen = intersectRect(node.frame, screen);
    if (seen && covers.some((c) => containsRect(c, seen))) hidden.add(node);
    const kids = node.children;
    kids.forEach((kid, i) => {
      const raised: Rect[] = [];
      const order = kid.drawingOrder;
      if (order !== undefined) {
        for (const other of kids.slice(0, i)) {
          const otherSeen = intersectRect(other.frame, screen);
          if (other.drawingOrder !== undefined && other.drawingOrder > order && otherSeen && showsSomething(other, screen)) {
            raised.push(otherSeen);
          }
        }
      }
      mark(kid, raised.length > 0 ? [...covers, ...raised] : covers);
    });
  };
  // Windows are judged as windows (cleanScreen), not as siblings here.
  for (const windowRoot of root.children) mark(windowRoot, []);
  return hidden;
}
