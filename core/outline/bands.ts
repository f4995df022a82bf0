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

/**
 * The main content region: the largest visible scrollable node (or detected list container)
 * covering a good part of the screen. Elements wholly above it are Top, wholly below Bottom.
 */
export function contentRegion(screen: Screen, listFrames: Rect[]): Rect | undefined {
  const bounds: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
  const candidates: Rect[] = [...listFrames];
  const walk = (node: UiNode): void => {
    if (node.states.scrollable || node.actions.includes('scroll')) {
      const v = visiblePart(node, bounds);
      if (v) candidates.push(v);
    }
    node.children.forEach(walk);
  };
  walk(screen.root);
  let best: Rect | undefined;
  for (const c of candidates) {
    if (c.h < screen.size.h * MIN_CONTENT_SHARE) continue;
    if (!best || rectArea(c) > rectArea(best)) best = c;
  }
  return best;
}

/**
 * The band of one line, from what the platform declared first (bar roles, system windows) and
 * from geometry against the content region second. Inside a bar or a system window the side of
 * the screen decides; otherwise a line wholly above the content region is Top, wholly below is
 * Bottom, and the rest is Content.
 */
export function bandOf(line: LineNode, screen: Screen, region: Rect | undefined): Band {
  const centreY = rectCentre(line.visible).y;
  const half = screen.size.h / 2;
  const window = screen.windows.find((w) => w.id === line.node.window);
  const inBar = BAR_ROLES.has(line.node.role) || line.ancestorRoles.some((r) => BAR_ROLES.has(r));
  if (inBar || window?.kind === 'system') return centreY < half ? 'Top' : 'Bottom';
  if (window?.kind === 'keyboard') return 'Bottom';
  if (region) {
    if (line.visible.y + line.visible.h <= region.y) return 'Top';
    if (line.visible.y >= region.y + region.h) return 'Bottom';
  }
  return 'Content';
}
