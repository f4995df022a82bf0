import { containsRect, intersectRect, rectArea, type Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';
import { modalLayers, paintedOver, paintSpans, type ModalLayer, type PaintSpans } from './modal-layers.js';
import { sameRect, showsSomething } from './visibility.js';

/** A node this much under a panel is hidden by it (a row whose last few points peek out beside a drawer). */
const MOSTLY = 0.9;
/** Android's views that paint the status and navigation bars' colour in the app's own window. */
const BAR_BACKINGS = new Set(['statusBarBackground', 'navigationBarBackground']);
const isBarBacking = (n: UiNode): boolean => n.id !== undefined && BAR_BACKINGS.has(n.id);
/** A later sibling spanning this share of its parent or more is a layer of the layout, not a panel. */
const LAYER_SHARE = 0.95;

function mostlyUnder(seen: Rect, panel: Rect): boolean {
  const under = intersectRect(seen, panel);
  return under !== null && rectArea(under) >= MOSTLY * rectArea(seen);
}

/**
 * Later siblings drawn over earlier ones as panels (Android draws children in order): an open
 * drawer, a bottom sheet, a dialog's card. A panel holds content of its own and is smaller
 * than its parent; a later sibling as large as the parent is more often a transparent layer
 * (a scroll view padded under an app bar, an accessibility overlay) and proves nothing.
 */
function panelsAbove(drawnAfter: readonly UiNode[], parent: UiNode, screen: Rect): Rect[] {
  const parentSeen = intersectRect(parent.frame, screen);
  if (!parentSeen) return [];
  const out: Rect[] = [];
  for (const other of drawnAfter) {
    const seen = intersectRect(other.frame, screen);
    if (!seen || rectArea(seen) >= LAYER_SHARE * rectArea(parentSeen)) continue;
    // The window's own backing of a system bar is opaque wherever it lies, though it holds nothing.
    if (isBarBacking(other)) {
      out.push(seen);
      continue;
    }
    if (other.children.length === 0) continue;
    // Only where its content lies (a notification stack is see-through above its first card),
    // and within its own bounds: what a sibling beside it holds outside them does not make it cover.
    const box = contentBox(other, screen);
    const content = box && intersectRect(box, seen);
    if (content) out.push(content);
  }
  return out;
}

/** The box around the descendants that say or do something. */
function contentBox(node: UiNode, screen: Rect): Rect | null {
  const rects: Rect[] = [];
  const walk = (n: UiNode): void => {
    if (n.visible === false) return;
    const seen = intersectRect(n.frame, screen);
    if (!seen) return;
    if (n.label || n.value || n.actions.length > 0) rects.push(seen);
    n.children.forEach(walk);
  };
  node.children.forEach(walk);
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, w: Math.max(...rects.map((r) => r.x + r.w)) - x, h: Math.max(...rects.map((r) => r.y + r.h)) - y };
}

/**
 * Where a raised sibling is opaque: all of it when it says or does something itself, else the
 * parts of it that show something. A layer that only holds empty frames and a floating button
 * (a compose button's layer over the inbox) hides what lies under the button, not the inbox;
 * an open search view, whose page holds its field and suggestions, hides it all. A wrapper as
 * large as the layer is the layer again (a ComposeView's root view holding a small tools
 * button): its parts are what it holds.
 */
function shownParts(node: UiNode, seen: Rect, screen: Rect): Rect[] {
  if (node.label || node.value || node.actions.length > 0) return [seen];
  return node.children.flatMap((c) => {
    const part = intersectRect(c.frame, seen);
    if (!part || !showsSomething(c, screen)) return [];
    return sameRect(part, seen) ? shownParts(c, part, screen) : [part];
  });
}

/** The focused node and its ancestors: what a person is typing into is in front, whatever lies after it. */
function focusPath(root: UiNode): Set<UiNode> {
  const path = new Set<UiNode>();
  const walk = (n: UiNode): boolean => {
    const holds = n.children.reduce((found, c) => walk(c) || found, n.states.focused === true);
    if (holds) path.add(n);
    return holds;
  };
  walk(root);
  return path;
}

/**
 * The nodes hidden under what is painted over them, one model for every platform whose tree
 * lists children in paint order (Android, iOS): where the platform gives a paint order
 * (`drawingOrder`) and a sibling listed earlier is drawn later than one listed after it, the
 * app lifted it over the others (an open search view over the inbox), so it hides the parts
 * of them it spans whole, if it shows anything itself. Where it gives none, a later sibling
 * that is a panel (panelsAbove: a drawer, a sheet, a page pushed half-way in) hides what lies
 * mostly under it. Anywhere in the window, a declared modal (an alert) or a dimming view with
 * its panel (modalLayers) hides what was painted before it. What holds the input focus is in
 * front of panels and modals (a search view opened over the inbox's own search bar, listed
 * before it).
 */
export function occludedNodes(root: UiNode, screen: Rect): Set<UiNode> {
  const hidden = new Set<UiNode>();
  const focused = focusPath(root);
  let spans: PaintSpans = new Map();
  let layers: ModalLayer[] = [];
  const underModal = (node: UiNode, seen: Rect): boolean => layers.some((l) => containsRect(l.rect, seen) && paintedOver(l, node, spans));
  /** Marks the subtree; says whether anything in it says or does something, and whether all of that is hidden. */
  const mark = (node: UiNode, covers: readonly Rect[], panels: readonly Rect[]): { speaks: boolean; allHidden: boolean } => {
    const seen = intersectRect(node.frame, screen);
    const inFront = focused.has(node);
    if (seen && (covers.some((c) => containsRect(c, seen)) || (!inFront && (panels.some((c) => mostlyUnder(seen, c)) || underModal(node, seen))))) hidden.add(node);
    const kids = node.children;
    // Where the paint order is given, only what it lifts is taken as over the rest (a later
    // overlay of tools at the top and bottom of a canvas is see-through between them).
    const ordered = kids.some((k) => k.drawingOrder !== undefined);
    const paintedAt = (n: UiNode) => spans.get(n)?.[0] ?? 0;
    let insideSpeaks = false;
    let insideHidden = true;
    kids.forEach((kid, i) => {
      // Only a sibling whose bounds meet this one's is drawn over it: what either holds outside
      // its bounds (a wrapper smaller than its content) does not order them.
      const meets = (o: UiNode) => o !== kid && intersectRect(o.frame, kid.frame) !== null;
      const later = kids.filter((o) => paintedAt(o) > paintedAt(kid) && meets(o));
      const above = panelsAbove(ordered ? later.filter(isBarBacking) : later, node, screen);
      const raised: Rect[] = [];
      const order = kid.drawingOrder;
      if (order !== undefined) {
        for (const other of kids.slice(0, i).filter(meets)) {
          const otherSeen = intersectRect(other.frame, screen);
          if (other.drawingOrder !== undefined && other.drawingOrder > order && otherSeen && showsSomething(other, screen)) {
            raised.push(...shownParts(other, otherSeen, screen));
          }
        }
      }
      const inside = mark(kid, raised.length > 0 ? [...covers, ...raised] : covers, above.length > 0 ? [...panels, ...above] : panels);
      if (inside.speaks) {
        insideSpeaks = true;
        insideHidden &&= inside.allHidden;
      }
    });
    // A wrapper that says nothing itself is hidden once all it holds is (a row whose text lies
    // under a footer: the margins left beside it name nothing).
    if (seen && !inFront && !node.label && !node.value && insideSpeaks && insideHidden) hidden.add(node);
    if (node.visible === false || !seen) return { speaks: false, allHidden: true };
    const speaksItself = Boolean(node.label || node.value || node.actions.length > 0);
    return { speaks: speaksItself || insideSpeaks, allHidden: (!speaksItself || hidden.has(node)) && insideHidden };
  };
  // Windows are judged as windows (cleanScreen), not as siblings here.
  for (const windowRoot of root.children) {
    spans = paintSpans(windowRoot);
    layers = modalLayers(windowRoot, spans, screen);
    mark(windowRoot, [], []);
  }
  return hidden;
}
