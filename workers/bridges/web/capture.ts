import type { CDPSession } from 'playwright-core';
import type { CdpAxCapture, CdpAxNode, CdpDomBox, CdpRect } from '../../../core/importers/cdp-ax.js';
import type { ScrollOffset } from '../../../core/model/index.js';
import { readPageView, type PageView } from './page-view.js';

/** The parts of `DOMSnapshot.captureSnapshot` this module reads (strings are indexes into `strings`). */
interface RareBoolean {
  index: number[];
}
interface DomSnapshot {
  documents: Array<{
    documentURL: number;
    title: number;
    scrollOffsetX?: number;
    scrollOffsetY?: number;
    nodes: {
      parentIndex?: number[];
      nodeName?: number[];
      backendNodeId?: number[];
      attributes?: number[][];
      isClickable?: RareBoolean;
    };
    layout: {
      nodeIndex: number[];
      styles: number[][];
      bounds: number[][];
      scrollRects?: number[][];
      clientRects?: number[][];
      paintOrders?: number[];
    };
  }>;
  strings: string[];
}

/** Computed styles requested from the snapshot, in this order. */
const STYLES = ['overflow-x', 'overflow-y', 'position', 'background-color'] as const;
const SCROLLING = new Set(['auto', 'scroll']);
const FAR = 1e7;

interface Layout {
  frame: CdpRect;
  /** Where it falls in the page's painting (later paints over earlier). */
  paintOrder?: number;
  /** Its background hides what is painted before it. */
  opaque: boolean;
  /** The rectangle that clips this node's descendants, when it clips. */
  contentClip?: CdpRect;
  fixed: boolean;
  scroll?: { x: number; y: number };
}

function intersect(a: CdpRect, b: CdpRect): CdpRect | null {
  const x = Math.max(a[0], b[0]);
  const y = Math.max(a[1], b[1]);
  const r = Math.min(a[0] + a[2], b[0] + b[2]);
  const btm = Math.min(a[1] + a[3], b[1] + b[3]);
  return r <= x || btm <= y ? null : [x, y, r - x, btm - y];
}

/** A computed background colour that hides what lies behind it: rgb(), or rgba() with alpha 1. */
function isOpaque(color: string): boolean {
  const m = /^rgba?\(([^)]*)\)$/.exec(color.trim());
  if (!m) return false;
  const parts = (m[1] ?? '').split(/[\s,/]+/).filter(Boolean);
  return parts.length === 3 || (parts.length === 4 && Number(parts[3]) >= 1);
}

function containsRect(outer: CdpRect, inner: CdpRect): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[0] + inner[2] <= outer[0] + outer[2] && inner[1] + inner[3] <= outer[1] + outer[3];
}

/**
 * Occlusion by paint order (DOMSnapshot's paintOrders): a node is covered when an element with an
 * opaque background, painted after it and not inside it, hides the whole of its visible part
 * (the page a stack navigator pushed over it, a modal sheet, a drawer).
 */
function paintedOver(layouts: Map<number, Layout>, parent: number[], seenPart: (ni: number) => CdpRect | null): (ni: number) => boolean {
  const covers: Array<{ ni: number; rect: CdpRect; order: number }> = [];
  for (const [ni, layout] of layouts) {
    const rect = layout.opaque && layout.paintOrder !== undefined ? seenPart(ni) : null;
    if (rect && layout.paintOrder !== undefined) covers.push({ ni, rect, order: layout.paintOrder });
  }
  const within = (ni: number, ancestor: number): boolean => {
    for (let a = ni; a >= 0; a = parent[a] ?? -1) if (a === ancestor) return true;
    return false;
  };
  return (ni) => {
    const order = layouts.get(ni)?.paintOrder;
    const seen = seenPart(ni);
    if (order === undefined || !seen) return false;
    return covers.some((c) => c.order > order && containsRect(c.rect, seen) && !within(c.ni, ni) && !within(ni, c.ni));
  };
}

/**
 * Joins the accessibility tree with one DOM snapshot (layout of every node in one call,
 * not one box-model call per node): viewport-relative frames, the clip of each node by
 * the viewport and its scrolling/overflow-clipping ancestors, DOM ids, clickability and
 * scroll offsets.
 */
function joinCapture(
  ax: { nodes: CdpAxNode[] },
  snap: DomSnapshot,
  viewport: { w: number; h: number },
  scale: number,
  pageView: PageView,
): CdpAxCapture {
  const doc = snap.documents[0];
  const s = (i: number | undefined) => (i === undefined || i < 0 ? '' : (snap.strings[i] ?? ''));
  // Everything is worked out in CSS px relative to the screen's corner, then turned into points.
  const k = pageView.scale;
  const view: CdpRect = [0, 0, viewport.w / k, viewport.h / k];
  const pts = (r: CdpRect): CdpRect => [r[0] * k, r[1] * k, r[2] * k, r[3] * k];
  const offset = (target: string, x: number, y: number): ScrollOffset => ({ target, x: x * k, y: y * k });
  const scroll: ScrollOffset[] = [offset('document', doc?.scrollOffsetX ?? 0, doc?.scrollOffsetY ?? 0)];
  const boxes: Record<string, CdpDomBox> = {};
  if (!doc) return { format: 'cdp-ax', viewport, scale, nodes: ax.nodes, boxes, scroll };

  const dx = pageView.pageX;
  const dy = pageView.pageY;
  const n = doc.nodes;
  const parent = n.parentIndex ?? [];
  const attrsOf = (ni: number): Map<string, string> => {
    const a = n.attributes?.[ni] ?? [];
    const out = new Map<string, string>();
    for (let i = 0; i + 1 < a.length; i += 2) out.set(s(a[i]), s(a[i + 1]));
    return out;
  };
  const clickable = new Set(n.isClickable?.index ?? []);

  const layouts = new Map<number, Layout>();
  const L = doc.layout;
  for (let li = 0; li < L.nodeIndex.length; li++) {
    const ni = L.nodeIndex[li] as number;
    const b = L.bounds[li] ?? [0, 0, 0, 0];
    const frame: CdpRect = [(b[0] ?? 0) - dx, (b[1] ?? 0) - dy, b[2] ?? 0, b[3] ?? 0];
    const styles = L.styles[li] ?? [];
    const [ox, oy, position, background] = STYLES.map((_, i) => s(styles[i]));
    const known = layouts.get(ni);
    if (known) {
      // Several layout objects for one node (e.g. wrapped text): their union.
      const x = Math.min(known.frame[0], frame[0]);
      const y = Math.min(known.frame[1], frame[1]);
      known.frame = [x, y, Math.max(known.frame[0] + known.frame[2], frame[0] + frame[2]) - x,
        Math.max(known.frame[1] + known.frame[3], frame[1] + frame[3]) - y];
      continue;
    }
    const layout: Layout = { frame, fixed: position === 'fixed', opaque: isOpaque(background ?? ''), paintOrder: L.paintOrders?.[li] };
    const clipsX = ox !== '' && ox !== 'visible';
    const clipsY = oy !== '' && oy !== 'visible';
    if (clipsX || clipsY) {
      const c = L.clientRects?.[li];
      // The padding box: the border box inset by the client rect (clientLeft, clientTop, clientWidth, clientHeight).
      const inner: CdpRect = c ? [frame[0] + (c[0] ?? 0), frame[1] + (c[1] ?? 0), c[2] ?? 0, c[3] ?? 0] : frame;
      layout.contentClip = [clipsX ? inner[0] : -FAR, clipsY ? inner[1] : -FAR, clipsX ? inner[2] : 2 * FAR, clipsY ? inner[3] : 2 * FAR];
      const sr = L.scrollRects?.[li];
      if (sr && c) {
        const scrolls = (SCROLLING.has(ox ?? '') && (sr[2] ?? 0) > (c[2] ?? 0)) || (SCROLLING.has(oy ?? '') && (sr[3] ?? 0) > (c[3] ?? 0));
        if (scrolls) layout.scroll = { x: sr[0] ?? 0, y: sr[1] ?? 0 };
      }
    }
    layouts.set(ni, layout);
  }

  // The region where a node's descendants can be seen, memoized along the parent chain.
  const contentRegion = new Map<number, CdpRect | null>();
  const regionFor = (ni: number): CdpRect | null => {
    if (ni < 0) return view;
    const memo = contentRegion.get(ni);
    if (memo !== undefined) return memo;
    const own = ownRegion(ni);
    const layout = layouts.get(ni);
    const region = own && layout?.contentClip ? intersect(own, layout.contentClip) : own;
    contentRegion.set(ni, region);
    return region;
  };
  const ownRegion = (ni: number): CdpRect | null => (layouts.get(ni)?.fixed ? view : regionFor(parent[ni] ?? -1));

  const coveredAt = paintedOver(layouts, parent, (ni) => {
    const region = ownRegion(ni);
    const layout = layouts.get(ni);
    return region && layout ? intersect(layout.frame, region) : null;
  });

  // Boxes only for nodes the accessibility tree names (all of them when there is no tree: appState).
  const named = ax.nodes.length > 0 ? new Set(ax.nodes.map((a) => a.backendDOMNodeId)) : undefined;
  for (const [ni, layout] of layouts) {
    const backend = n.backendNodeId?.[ni];
    if (backend === undefined || (named && !named.has(backend) && !layout.scroll)) continue;
    const attrs = attrsOf(ni);
    const clip = ownRegion(ni);
    const box: CdpDomBox = { frame: pts(layout.frame), clip: clip && pts(clip), tag: s(n.nodeName?.[ni]).toLowerCase() };
    const id = attrs.get('id');
    if (id) box.id = id;
    if (clickable.has(ni)) box.clickable = true;
    if (coveredAt(ni)) box.covered = true;
    const type = attrs.get('type');
    if (type && box.tag === 'input') box.inputType = type;
    if (layout.scroll) {
      const at = offset(id ?? `${box.tag}@${backend}`, layout.scroll.x, layout.scroll.y);
      box.scroll = { x: at.x, y: at.y };
      scroll.push(at);
    }
    boxes[String(backend)] = box;
  }

  return {
    format: 'cdp-ax',
    url: s(doc.documentURL),
    title: s(doc.title),
    viewport,
    scale,
    nodes: slimNodes(ax.nodes),
    boxes,
    scroll,
  };
}

/**
 * The AX nodes with what the importer reads: no name sources, internal role numbers or
 * inline text boxes (the text is in their StaticText parent), so a saved capture stays small.
 */
function slimNodes(nodes: CdpAxNode[]): CdpAxNode[] {
  const dropped = new Set(nodes.filter((n) => n.role?.value === 'InlineTextBox').map((n) => n.nodeId));
  const value = (v: CdpAxNode['name']) => (v && v.value !== undefined && v.value !== '' ? { value: v.value } : undefined);
  return nodes
    .filter((n) => !dropped.has(n.nodeId))
    .map((n) => {
      const out: CdpAxNode = { nodeId: n.nodeId };
      if (n.ignored) out.ignored = true;
      if (n.role) out.role = { value: n.role.value };
      const name = value(n.name);
      if (name) out.name = name;
      const v = value(n.value);
      if (v) out.value = v;
      if (n.properties?.length) out.properties = n.properties.map((p) => ({ name: p.name, value: { value: p.value?.value } }));
      if (n.parentId) out.parentId = n.parentId;
      const children = n.childIds?.filter((id) => !dropped.has(id));
      if (children?.length) out.childIds = children;
      if (n.backendDOMNodeId !== undefined) out.backendDOMNodeId = n.backendDOMNodeId;
      return out;
    });
}

/** One batch: the full accessibility tree and one layout snapshot, requested together. */
export async function captureCdpAx(cdp: CDPSession, viewport: { w: number; h: number }, scale: number, drawScale = 1): Promise<CdpAxCapture> {
  const [ax, snap, pageView] = await Promise.all([
    cdp.send('Accessibility.getFullAXTree', {}) as Promise<{ nodes: CdpAxNode[] }>,
    captureDom(cdp, drawScale),
    readPageView(cdp),
  ]);
  return joinCapture(ax, snap, viewport, scale, pageView);
}

/** The layout snapshot alone (for scroll offsets, URL and title). */
export async function captureLayout(cdp: CDPSession, viewport: { w: number; h: number }, scale: number, drawScale = 1): Promise<CdpAxCapture> {
  const [snap, pageView] = await Promise.all([captureDom(cdp, drawScale), readPageView(cdp)]);
  return joinCapture({ nodes: [] }, snap, viewport, scale, pageView);
}

/**
 * The layout snapshot in CSS px. A Chromium that draws more than one pixel per CSS pixel
 * (--force-device-scale-factor) answers layout bounds and the document's scroll offset in drawn
 * pixels, while client and scroll rects stay in CSS px: those two are divided back.
 */
async function captureDom(cdp: CDPSession, drawScale: number): Promise<DomSnapshot> {
  const snap = (await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [...STYLES], includeDOMRects: true, includePaintOrder: true })) as unknown as DomSnapshot;
  if (drawScale === 1) return snap;
  for (const doc of snap.documents) {
    doc.layout.bounds = doc.layout.bounds.map((b) => b.map((v) => v / drawScale));
    if (doc.scrollOffsetX !== undefined) doc.scrollOffsetX /= drawScale;
    if (doc.scrollOffsetY !== undefined) doc.scrollOffsetY /= drawScale;
  }
  return snap;
}
