import { containsRect, intersectRect, type Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';

const CLIPPING_ROLES = new Set(['List', 'Table', 'Grid', 'ScrollView', 'WebView']);

/** Scroll containers show their content only inside their own bounds. */
export function clipsChildren(node: UiNode): boolean {
  return CLIPPING_ROLES.has(node.role) || node.states.scrollable === true || node.actions.includes('scroll');
}

export function hasArea(r: Rect): boolean {
  return r.w > 0 && r.h > 0;
}

/** Not declared hidden, on the screen, and saying or doing something, itself or inside. */
export function showsSomething(node: UiNode, screen: Rect): boolean {
  if (node.visible === false || !hasArea(node.frame) || !intersectRect(node.frame, screen)) return false;
  if (node.label || node.value || node.actions.length > 0) return true;
  return node.children.some((c) => showsSomething(c, screen));
}

/**
 * What is left of `rect` once the rectangles of windows in front of it are taken away: null
 * when one covers it whole; a bar spanning its full width (or height) cuts that band off.
 * A partial overlap in the middle is left alone: the rest of the element is still seen.
 */
export function uncover(rect: Rect, covers: readonly Rect[]): Rect | null {
  let r: Rect | null = rect;
  for (const c of covers) {
    if (!r) return null;
    if (!intersectRect(r, c)) continue;
    if (containsRect(c, r)) return null;
    const spansWidth = c.x <= r.x && c.x + c.w >= r.x + r.w;
    const spansHeight = c.y <= r.y && c.y + c.h >= r.y + r.h;
    if (spansWidth && c.y <= r.y) r = cut(r, { top: c.y + c.h });
    else if (spansWidth && c.y + c.h >= r.y + r.h) r = cut(r, { bottom: c.y });
    else if (spansHeight && c.x <= r.x) r = cut(r, { left: c.x + c.w });
    else if (spansHeight && c.x + c.w >= r.x + r.w) r = cut(r, { right: c.x });
  }
  return r;
}

function cut(r: Rect, edge: { top?: number; bottom?: number; left?: number; right?: number }): Rect | null {
  const x1 = edge.left ?? r.x;
  const y1 = edge.top ?? r.y;
  const x2 = edge.right ?? r.x + r.w;
  const y2 = edge.bottom ?? r.y + r.h;
  return x2 > x1 && y2 > y1 ? { x: x1, y: y1, w: x2 - x1, h: y2 - y1 } : null;
}

export function sameRect(a: Rect, b: Rect, tolerance = 0.5): boolean {
  return (
    Math.abs(a.x - b.x) <= tolerance &&
    Math.abs(a.y - b.y) <= tolerance &&
    Math.abs(a.w - b.w) <= tolerance &&
    Math.abs(a.h - b.h) <= tolerance
  );
}

export function boundingBox(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((f) => f.x));
  const y = Math.min(...rects.map((f) => f.y));
  const r = Math.max(...rects.map((f) => f.x + f.w));
  const b = Math.max(...rects.map((f) => f.y + f.h));
  return { x, y, w: r - x, h: b - y };
}
