import type { Screen, UiNode } from '../../../core/model/index.js';
import { rectArea } from '../../../core/model/index.js';

/** Fewer things than this that the tree names or lets tap, besides its root and surfaces, and it shows nothing. */
const FEW = 1;
/** A node over this share of the screen is a surface or a container: it says nothing of what is drawn on it. */
const SURFACE_SHARE = 0.5;

/**
 * Whether the accessibility tree of a screen is empty or nearly so: a game or an app that draws
 * itself (Flutter, Unity, one canvas) exposes a root, maybe its surface, and nothing on it. Then
 * the tree is no guide to the screen and the pixel channel reads all of it. One named or
 * tappable thing is enough to say otherwise: a page with a single button is not blind.
 */
export function treeIsEmpty(screen: Screen): boolean {
  const screenArea = screen.size.w * screen.size.h;
  let count = 0;
  const walk = (n: UiNode): void => {
    const area = rectArea(n.visibleFrame ?? n.frame);
    if (n !== screen.root && (n.label || n.value || n.actions.includes('tap')) && area >= 4 && area <= screenArea * SURFACE_SHARE) count++;
    if (count < FEW) n.children.forEach(walk);
  };
  walk(screen.root);
  return count < FEW;
}
