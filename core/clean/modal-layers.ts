import { intersectRect, rectArea, type Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';
import { hasArea, showsSomething } from './visibility.js';

/** Roles the platform declares modal: nothing drawn before them can be reached while they show. */
const MODAL_ROLES = new Set(['Alert', 'Dialog']);
/** Roles that say nothing by themselves: a dimming view is one of these. */
const PLAIN_ROLES = new Set(['Group', 'Other']);
/** A dimming view spans the screen, give or take a bar's width. */
const SCRIM_SHARE = 0.95;

/** Something drawn over what was drawn before it: from `from` in the paint order, over `rect`. */
export interface ModalLayer {
  from: number;
  rect: Rect;
  /** The window's root down to the layer's node. */
  path: readonly UiNode[];
}

/** Each node's place in its window's paint order: its own index and the last index in its subtree. */
export type PaintSpans = Map<UiNode, readonly [number, number]>;

/**
 * A window's nodes in the order they are painted: a parent before its children, children in
 * their paint order (Android's drawingOrder where given, else the order they are listed in).
 */
export function paintSpans(windowRoot: UiNode): PaintSpans {
  const spans: PaintSpans = new Map();
  let next = 0;
  const walk = (node: UiNode): void => {
    const first = next++;
    const kids = node.children.some((k) => k.drawingOrder !== undefined)
      ? [...node.children].sort((a, b) => (a.drawingOrder ?? 0) - (b.drawingOrder ?? 0))
      : node.children;
    kids.forEach(walk);
    spans.set(node, [first, next - 1]);
  };
  walk(windowRoot);
  return spans;
}

function seenOf(node: UiNode, screen: Rect): Rect | null {
  return node.visible === false || !hasArea(node.frame) ? null : intersectRect(node.frame, screen);
}

/**
 * The ids the platforms give the region around a popover or a bottom sheet that closes it when
 * tapped (UIKit's dimming view, Material's bottom-sheet dialog): what lies under it is out of reach.
 */
const DISMISS_REGIONS = new Set(['PopoverDismissRegion', 'touch_outside']);

/**
 * A dimming view (a scrim): a region the platform names as one, or a bare plain element (no id,
 * no words, no children) spanning the screen with a smaller sibling painted after it that shows
 * something (an alert's card, a sheet, a drawer). A container with an id or children is a
 * layer of the layout (an animation overlay), often see-through, and proves nothing.
 */
function isScrim(node: UiNode, laterSiblings: readonly UiNode[], screen: Rect): boolean {
  const seen = seenOf(node, screen);
  if (!seen) return false;
  if (node.id !== undefined && DISMISS_REGIONS.has(node.id)) return true;
  const bare = PLAIN_ROLES.has(node.role) && !node.id && !node.label && !node.value && node.children.length === 0;
  if (!bare || rectArea(seen) < SCRIM_SHARE * rectArea(screen)) return false;
  return laterSiblings.some((s) => {
    const panel = seenOf(s, screen);
    return panel !== null && rectArea(panel) < rectArea(seen) && showsSomething(s, screen);
  });
}

/**
 * What covers all that was painted before it in a window, whatever the sibling structure: an
 * element the platform declares modal (an alert, an action sheet: the whole screen is out of
 * reach), and a dimming view with its panel above it (the part of the screen it spans). The
 * nodes these cover are the ones painted wholly before `from` inside `rect`.
 */
export function modalLayers(windowRoot: UiNode, spans: PaintSpans, screen: Rect): ModalLayer[] {
  const out: ModalLayer[] = [];
  const walk = (node: UiNode, path: readonly UiNode[]): void => {
    const kids = node.children;
    for (const kid of kids) {
      const span = spans.get(kid);
      const seen = seenOf(kid, screen);
      const here = [...path, kid];
      if (span && seen && MODAL_ROLES.has(kid.role) && showsSomething(kid, screen)) out.push({ from: span[0], rect: screen, path: here });
      else if (span && seen && isScrim(kid, kids.filter((s) => (spans.get(s)?.[0] ?? -1) > span[0]), screen)) out.push({ from: span[0], rect: seen, path: here });
      walk(kid, here);
    }
  };
  walk(windowRoot, [windowRoot]);
  return out;
}

/**
 * The layer is painted over `node`: after it, from a branch of the tree whose bounds meet the
 * node's branch where the two part (branches that do not meet are not ordered by the tree).
 */
export function paintedOver(layer: ModalLayer, node: UiNode, spans: PaintSpans): boolean {
  const span = spans.get(node);
  if (!span || span[1] >= layer.from) return false;
  const holds = (a: UiNode): boolean => {
    const s = spans.get(a);
    return s !== undefined && s[0] <= span[0] && span[1] <= s[1];
  };
  let k = layer.path.length - 1;
  while (k >= 0 && !holds(layer.path[k] as UiNode)) k--;
  const layerSide = layer.path[k + 1];
  const nodeSide = layer.path[k]?.children.find(holds);
  return layerSide !== undefined && nodeSide !== undefined && intersectRect(layerSide.frame, nodeSide.frame) !== null;
}
