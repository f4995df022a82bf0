import type { Rect } from '../model/geometry.js';
import { rectArea, rectCentre } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import type { Role, UiNode } from '../model/ui-node.js';
import type { LineNode } from './element-nodes.js';
import { visiblePart } from './element-nodes.js';

export type Band = 'Top' | 'Content' | 'Bottom';

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

function subtree(node: UiNode, into: Set<UiNode>): Set<UiNode> {
  into.add(node);
  for (const c of node.children) subtree(c, into);
  return into;
}

/**
 * The main content region: the dominant list's container when it is tall, else the innermost
 * tall scroller (a full-screen coordinator around a feed is not the feed).
 */
export function contentRegion(screen: Screen, mainList: { container: UiNode | null; containerFrame: Rect } | undefined): ContentRegion | undefined {
  const bounds: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
  const tall = (r: Rect) => r.h >= screen.size.h * MIN_CONTENT_SHARE;
  if (mainList) {
    const frame = visiblePart({ ...(mainList.container ?? { role: 'List', states: {}, actions: [], source: 'ax', children: [] }), frame: mainList.containerFrame, visibleFrame: mainList.containerFrame }, bounds);
    if (frame && tall(frame)) return { frame, inside: mainList.container ? subtree(mainList.container, new Set()) : new Set() };
  }
  let best: { node: UiNode; frame: Rect } | undefined;
  const walk = (node: UiNode): void => {
    if (node.states.scrollable || node.actions.includes('scroll')) {
      const v = visiblePart(node, bounds);
      if (v && tall(v) && (!best || rectArea(v) <= rectArea(best.frame))) best = { node, frame: v };
    }
    node.children.forEach(walk);
  };
  walk(screen.root);
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
