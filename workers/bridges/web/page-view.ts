import type { CDPSession } from 'playwright-core';
import type { Point, Rect } from '../../../core/model/index.js';

/**
 * Where the page's CSS pixels are on the screen. A page laid out for the device width at
 * scale 1 has CSS pixels = points; a desktop page (no viewport meta) is zoomed out and a
 * pinch-zoomed page zoomed in. CDP takes touches in CSS px of the visible part of the page,
 * hit-test points and layout in CSS px of the document; getBoundingClientRect answers in CSS
 * px of the layout viewport.
 */
export interface PageView {
  /** Points per CSS pixel. */
  scale: number;
  /** Document position (CSS px) of the screen's top-left corner. */
  pageX: number;
  pageY: number;
  /** Offset (CSS px) of the visible part within the layout viewport (non-zero only when zoomed in and panned). */
  offsetX: number;
  offsetY: number;
}

interface LayoutMetrics {
  cssVisualViewport: { pageX: number; pageY: number; offsetX: number; offsetY: number; scale: number; zoom?: number };
}

export async function readPageView(cdp: CDPSession): Promise<PageView> {
  const m = (await cdp.send('Page.getLayoutMetrics')) as LayoutMetrics;
  const v = m.cssVisualViewport;
  const scale = (v.scale || 1) * (v.zoom || 1);
  return { scale, pageX: v.pageX, pageY: v.pageY, offsetX: v.offsetX, offsetY: v.offsetY };
}

/** A screen point as CSS px relative to the visible part of the page (what touch input takes). */
export function pointToViewportCss(view: Pick<PageView, 'scale'>, p: Point): Point {
  return { x: p.x / view.scale, y: p.y / view.scale };
}

/** A screen point as CSS px of the document (what `DOM.getNodeForLocation` takes). */
export function pointToDocumentCss(view: PageView, p: Point): Point {
  return { x: view.pageX + p.x / view.scale, y: view.pageY + p.y / view.scale };
}

/** A rectangle in CSS px of the layout viewport (getBoundingClientRect) as screen points. */
export function clientRectToPoints(view: PageView, r: Rect): Rect {
  return { x: (r.x - view.offsetX) * view.scale, y: (r.y - view.offsetY) * view.scale, w: r.w * view.scale, h: r.h * view.scale };
}
