import type { Rect } from '../model/geometry.js';
import { rectArea, rectCentre } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import type { Role, UiNode } from '../model/ui-node.js';
import type { LineNode } from './element-nodes.js';
import { visiblePart } from './element-nodes.js';

export type Band = 'Top' | 'Content' | 'Bottom' | 'Overlay';

/** The bands in the order an outline shows them; overlays float above the app, so they come last. */
export const BANDS: Band[] = ['Top', 'Content', 'Bottom', 'Overlay'];

/** Roles the platform itself declares as bars: everything inside sits above or below the content. */
const BAR_ROLES: ReadonlySet<Role> = new Set(['StatusBar', 'NavigationBar', 'Toolbar', 'TabBar']);

/** A scroll region smaller than this share of the screen height does not define the content band. */
const MIN_CONTENT_SHARE = 0.4;
/** Floating chrome (not inside the content region) within this share of the screen's top or bottom edge is a bar. */
const EDGE_SHARE = 0.15;

/** The main content region: the frame an agent reads, and the node holding it when known. */
export interface ContentRegion {
  frame: Rect;
  /** Every node inside the region's node (empty when only a frame is known). */
  inside: ReadonlySet<UiNode>;
}

function scrolls(node: UiNode): boolean {
  return node.states.scrollable === true || node.actions.includes('scroll');
}

function subtree(node: UiNode, into: Set<UiNode>): Set<UiNode> {
  into.add(node);
  for (const c of node.children) subtree(c, into);
  return into;
}

/**
 * The main content region: the scroller holding the dominant list (or the list itself) when it
 * is tall, else the innermost tall scroller (a full-screen coordinator around a feed is not the feed).
 */
export function contentRegion(screen: Screen, mainList: { container: UiNode | null; containerFrame: Rect } | undefined): ContentRegion | undefined {
  const bounds: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
  const tall = (r: Rect) => r.h >= screen.size.h * MIN_CONTENT_SHARE;
  const parents = new Map<UiNode, UiNode>();
  let best: { node: UiNode; frame: Rect } | undefined;
  const walk = (node: UiNode): void => {
    if (scrolls(node)) {
      const v = visiblePart(node, bounds);
      if (v && tall(v) && (!best || rectArea(v) <= rectArea(best.frame))) best = { node, frame: v };
    }
    for (const c of node.children) {
      parents.set(c, node);
      walk(c);
    }
  };
  walk(screen.root);
  if (mainList?.container) {
    // The list scrolls with whatever scroller holds it: that scroller is the content.
    let holder: UiNode | undefined = mainList.container;
    while (holder && !scrolls(holder)) holder = parents.get(holder);
    const node = holder ?? mainList.container;
    const frame = visiblePart(node, bounds);
    if (frame && tall(frame)) return { frame, inside: subtree(node, new Set()) };
  } else if (mainList && tall(mainList.containerFrame)) {
    return { frame: mainList.containerFrame, inside: new Set() };
  }
  return best ? { frame: best.frame, inside: subtree(best.node, new Set()) } : undefined;
}

/**
 * The band of one line, from what the platform declared first (bar roles, system windows) and
 * from geometry against the content region second. Inside a bar or a system window the side of
 * the screen decides; otherwise a line wholly above the content region is Top, wholly below is
 * Bottom, chrome floating over the region's edges (not inside it) joins the nearer bar, and the
 * rest is Content.
 */
export function bandOf(line: LineNode, screen: Screen, region: ContentRegion | undefined): Band {
  const centreY = rectCentre(line.visible).y;
  const h = screen.size.h;
  const window = screen.windows.find((w) => w.id === line.node.window);
  const inBar = BAR_ROLES.has(line.node.role) || line.ancestorRoles.some((r) => BAR_ROLES.has(r));
  if (inBar || window?.kind === 'system') return centreY < h / 2 ? 'Top' : 'Bottom';
  if (window?.kind === 'keyboard') return 'Bottom';
  if (window?.kind === 'overlay') return 'Overlay';
  if (!region) return 'Content';
  const r = region.frame;
  if (line.visible.y + line.visible.h <= r.y) return 'Top';
  if (line.visible.y >= r.y + r.h) return 'Bottom';
  if (region.inside.size > 0 && !region.inside.has(line.node)) {
    if (centreY < h * EDGE_SHARE) return 'Top';
    if (centreY > h * (1 - EDGE_SHARE)) return 'Bottom';
  }
  return 'Content';
}
