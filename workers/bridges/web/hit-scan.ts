import type { CDPSession, Page } from 'playwright-core';
import type { Rect, Size, UiNode } from '../../../core/model/index.js';
import { intersectRect } from '../../../core/model/index.js';
import { labelOfControl } from './hit-labels.js';
import { LISTENERS_KEY, recordListeners, scanPage, type ScanRequest, type ScannedControl } from './hit-page.js';
import { pageCall } from './page-call.js';
import { clientRectToPoints, readPageView } from './page-view.js';
import { roleOfElement } from './hit-test.js';

/** Starts recording the page's pointer listeners, in every document it loads from now on. */
export async function installListenerRecord(page: Page): Promise<void> {
  await page.addInitScript(pageCall(recordListeners, LISTENERS_KEY));
}

/**
 * Every control painted in the regions (screen points), found in one call in the page: elements
 * with the evidence of a control (markup, their own listener, where a pointer cursor starts, or an
 * icon or small painted box under a delegated listener), each confirmed with `elementFromPoint`
 * as what a tap on it reaches. `source: 'hit'`; labels from hit-labels.ts.
 */
export async function scanControls(cdp: CDPSession, regions: Rect[]): Promise<UiNode[]> {
  if (regions.length === 0) return [];
  const view = await readPageView(cdp);
  const k = view.scale;
  const req: ScanRequest = {
    regions: regions.map((r) => ({ x: r.x / k + view.offsetX, y: r.y / k + view.offsetY, w: r.w / k, h: r.h / k })),
  };
  const answer = await cdp.send('Runtime.evaluate', { expression: pageCall(scanPage, req, LISTENERS_KEY), returnByValue: true });
  if (answer.exceptionDetails) throw new Error(`hit scan failed in the page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
  const controls = (answer.result.value ?? []) as ScannedControl[];
  return controls.map((c) => toNode(c, (r) => clientRectToPoints(view, r)));
}

function toNode(c: ScannedControl, toPoints: (r: Rect) => Rect): UiNode {
  const node: UiNode = {
    // Only what the markup declares (a div that takes taps stays Other, with the tap action), as hitTest says it.
    role: roleOfElement(c.tag, c.role),
    frame: toPoints(c.rect),
    visibleFrame: toPoints(c.visible),
    states: {},
    actions: ['tap'],
    source: 'hit',
    className: c.tag,
    children: [],
  };
  const label = labelOfControl(c.label);
  if (label) node.label = label;
  if (c.id) node.id = c.id;
  return node;
}

/** Smallest painted surface worth reading (points): smaller ones are icons, not content. */
const MIN_SURFACE = 24;

/** Where the page paints what its tree cannot see into (canvas, video, embed, object), in points, cut to the screen. */
export async function paintedSurfaces(cdp: CDPSession, screen: Size): Promise<Rect[]> {
  // Both asked at once: neither depends on the other, and each is a round trip to the page.
  const [view, answer] = await Promise.all([
    readPageView(cdp),
    cdp.send('Runtime.evaluate', {
      expression: `[...document.querySelectorAll('canvas, video, embed, object')].map((e) => { const b = e.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height }; })`,
      returnByValue: true,
    }),
  ]);
  const rects = (answer.result.value ?? []) as Rect[];
  return rects
    .map((r) => intersectRect(clientRectToPoints(view, r), { x: 0, y: 0, w: screen.w, h: screen.h }))
    .filter((r): r is Rect => r !== null && r.w >= MIN_SURFACE && r.h >= MIN_SURFACE)
    .map((r) => ({ x: Math.floor(r.x), y: Math.floor(r.y), w: Math.floor(r.w), h: Math.floor(r.h) }));
}
