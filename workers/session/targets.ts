import { SimlabError } from '../../core/contract/envelope.js';
import type { Point, Rect, Size } from '../../core/model/index.js';
import { containsPoint, rectArea } from '../../core/model/index.js';
import type { OutlineElement, Snapshot } from '../../core/outline/snapshot.js';

/** A point target must be on the screen: nothing is sent for one that is not. */
export function checkPoint(p: Point, size: Size, what = 'point'): void {
  if (!(p.x >= 0 && p.y >= 0 && p.x < size.w && p.y < size.h)) {
    throw new SimlabError('INVALID_ARGS', `${what} (${p.x}, ${p.y}) is off the ${size.w}x${size.h} screen`, {
      details: { point: p, screen: size },
      hint: 'points are in device points, from (0, 0) at the top left',
    });
  }
}

export function checkRect(r: Rect, size: Size, what = 'rectangle'): void {
  if (r.x < 0 || r.y < 0 || r.x + r.w > size.w || r.y + r.h > size.h) {
    throw new SimlabError('INVALID_ARGS', `${what} ${r.w}x${r.h} at (${r.x}, ${r.y}) leaves the ${size.w}x${size.h} screen`, {
      details: { rect: r, screen: size },
    });
  }
}

/** The smallest element whose visible part holds the point: what a tap there lands on. */
export function elementAt(snapshot: Snapshot, p: Point): OutlineElement | undefined {
  let best: OutlineElement | undefined;
  for (const el of snapshot.elements) {
    if (!containsPoint(el.visibleFrame, p)) continue;
    if (!best || rectArea(el.visibleFrame) <= rectArea(best.visibleFrame)) best = el;
  }
  return best;
}

/** The main scrolling area: the largest scrollable element, or the screen without its bars. */
/**
 * Where a scroll aimed at a point drags: the smallest scrollable element under the point (the
 * list a cell is in, not the cell: drags confined to a cell's height become many short ones,
 * each losing the touch slop), else the screen's main scroll region.
 */
export function scrollRegionAt(snapshot: Snapshot, point: Point): Rect {
  let best: OutlineElement | undefined;
  for (const el of snapshot.elements) {
    const f = el.visibleFrame;
    if (!el.states.scrollable || f.w < 40 || f.h < 40) continue;
    if (!containsPoint(f, point)) continue;
    if (!best || rectArea(f) < rectArea(best.visibleFrame)) best = el;
  }
  return best?.visibleFrame ?? scrollRegion(snapshot);
}

export function scrollRegion(snapshot: Snapshot): Rect {
  let best: OutlineElement | undefined;
  for (const el of snapshot.elements) {
    if (el.states.scrollable && (!best || rectArea(el.visibleFrame) > rectArea(best.visibleFrame))) best = el;
  }
  if (best && best.visibleFrame.w >= 40 && best.visibleFrame.h >= 40) return best.visibleFrame;
  const { w, h } = snapshot.screen.size;
  const top = snapshot.elements.filter((e) => e.band === 'Top').reduce((m, e) => Math.max(m, e.visibleFrame.y + e.visibleFrame.h), 0);
  const bottom = snapshot.elements.filter((e) => e.band === 'Bottom').reduce((m, e) => Math.min(m, e.visibleFrame.y), h);
  return bottom - top >= 80 ? { x: 0, y: top, w, h: bottom - top } : { x: 0, y: 0, w, h };
}
