import { intersectRect, type Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';

/** A bar spans at least this share of the screen's width... */
const BAR_WIDTH_SHARE = 0.95;
/** ...and at most this share of its height. */
const BAR_HEIGHT_SHARE = 0.2;
/** Points of slack for "touches the screen's edge". */
const EDGE_SLACK = 1;

/**
 * A top app bar: as wide as the screen, short, against the screen's top edge, holding
 * something. Laid over a list that scrolls under it, it is opaque over its whole frame (the
 * status bar's strip included), not only where its buttons are. (Bottom bars are left to the
 * window covers and the panel model: a list's last row touches the bottom edge as often.)
 */
function isTopBar(n: UiNode, screen: Rect): boolean {
  const f = n.frame;
  return n.children.length > 0 && n.visible !== false && f.y <= screen.y + EDGE_SLACK && f.w >= BAR_WIDTH_SHARE * screen.w && f.h <= BAR_HEIGHT_SHARE * screen.h;
}

/** Rows of a list the platform names are its cells, never bars over each other. */
const COLLECTIONS = new Set(['List', 'Table', 'Grid']);

/** Holds the input focus somewhere inside: what a person types into is in front. */
const holdsFocus = (n: UiNode): boolean => n.states.focused === true || n.children.some(holdsFocus);

const drawnAfter = (a: UiNode, ai: number, b: UiNode, bi: number): boolean =>
  a.drawingOrder !== undefined && b.drawingOrder !== undefined ? a.drawingOrder > b.drawingOrder : ai > bi;

/**
 * For each node with a top app bar drawn after it among its siblings and over part of it (a
 * Compose conversation whose top app bar is listed after the message list it overlaps), the
 * bars' frames: the node's content under them is not seen, so the rows there are cut (a
 * message half under the app bar is a partial row). Only for trees in paint order (Android, iOS).
 */
export function edgeBarsOver(root: UiNode, screen: Rect): Map<UiNode, Rect[]> {
  const out = new Map<UiNode, Rect[]>();
  const walk = (node: UiNode): void => {
    const kids = node.children;
    const inCollection = COLLECTIONS.has(node.role);
    kids.forEach((kid, i) => {
      const overlaps = (o: UiNode) => (intersectRect(o.frame, kid.frame)?.h ?? 0) > EDGE_SLACK;
      const bars = inCollection || holdsFocus(kid) ? [] : kids.filter((o, j) => o !== kid && drawnAfter(o, j, kid, i) && o.frame.h < kid.frame.h && isTopBar(o, screen) && overlaps(o));
      if (bars.length > 0) out.set(kid, bars.map((b) => b.frame));
      walk(kid);
    });
  };
  walk(root);
  return out;
}
