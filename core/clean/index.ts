import { intersectRect, rectArea, type Rect } from '../model/geometry.js';
import type { Screen, WindowInfo } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import { edgeBarsOver } from './edge-bars.js';
import { occludedNodes } from './occlusion.js';
import { prune, type Place, type PruneContext } from './prune.js';
import { boundingBox, hasArea } from './visibility.js';

function pruneScreen(screen: Screen, ctx: PruneContext): UiNode {
  const full: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
  const root = screen.root;
  const place: Place = { clip: full, window: root.window, parentFrame: root.frame, inList: false, inControl: false };
  const children = root.children.flatMap((c) => prune(c, place, ctx));
  const visibleFrame = (hasArea(root.frame) ? intersectRect(root.frame, full) : null) ?? full;
  return { ...root, visibleFrame, children };
}

/**
 * Where each window lies. An Android window's root node has the window's bounds; an iOS
 * window element spans the screen even for the status bar, so there its kept content says.
 */
function windowBounds(screen: Screen, kept: UiNode): Map<string, Rect> {
  const out = new Map<string, Rect>();
  if (screen.platform === 'android') {
    const full: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
    for (const top of screen.root.children) {
      const seen = intersectRect(top.frame, full);
      if (top.window !== undefined && seen && !out.has(top.window)) out.set(top.window, seen);
    }
    return out;
  }
  for (const [id, rects] of windowExtents(kept)) {
    const box = boundingBox(rects);
    if (box) out.set(id, box);
  }
  return out;
}

/** The visible rectangles of each window's content, from its outermost kept nodes. */
function windowExtents(root: UiNode): Map<string, Rect[]> {
  const out = new Map<string, Rect[]>();
  const walk = (node: UiNode, parentWindow: string | undefined): void => {
    if (node.window !== undefined && node.window !== parentWindow && node.visibleFrame) {
      const list = out.get(node.window) ?? [];
      list.push(node.visibleFrame);
      out.set(node.window, list);
    }
    for (const c of node.children) walk(c, node.window ?? parentWindow);
  };
  // The root's children open their windows even when the root names the same one.
  for (const c of root.children) walk(c, undefined);
  return out;
}

/** A window covering less than this share of the screen is small: an overlay, a dialog, a toast. */
const SMALL_WINDOW_SHARE = 0.5;

/**
 * The windows that stay: system bars and the keyboard, the frontmost app window that shows
 * anything (an empty window does not hide the app under it), and the small windows of other
 * apps above it as overlays (chat heads, edge panels, picture-in-picture). The frontmost app is
 * the one the user looks at: a small window above a covering one is an overlay on it, never the
 * app, unless it is a declared dialog or a window of the same app (an Android app's popup).
 */
function chooseWindows(windows: readonly WindowInfo[], shown: ReadonlySet<string>, bounds: ReadonlyMap<string, Rect>, screenArea: number): WindowInfo[] {
  const apps = windows.filter((w) => (w.kind === 'app' || w.kind === 'dialog') && shown.has(w.id)).sort((a, b) => b.layer - a.layer);
  const covers = (w: WindowInfo) => rectArea(bounds.get(w.id) ?? { x: 0, y: 0, w: 0, h: 0 }) >= SMALL_WINDOW_SHARE * screenArea;
  const overlays: WindowInfo[] = [];
  let front: WindowInfo | undefined;
  for (const [i, w] of apps.entries()) {
    const under = apps.slice(i + 1).find(covers);
    // A small window over a covering one is an overlay on it unless both name the same app (an
    // Android app's own popup): another app's, one over a window the dump names no package for (a
    // Maestro hierarchy of a Compose app), and iOS's, which name none (a banner, a floating
    // button; iOS declares its dialogs, kind 'dialog').
    const sameApp = w.title !== undefined && w.title === under?.title;
    if (w.kind === 'app' && under !== undefined && !covers(w) && !sameApp) {
      overlays.push(w);
      continue;
    }
    front = w;
    break;
  }
  front ??= apps[0];
  const overlay = new Set(overlays);
  return windows
    .filter((w) => w === front || overlay.has(w) || ((w.kind === 'system' || w.kind === 'keyboard') && shown.has(w.id)))
    .map((w): WindowInfo => (overlay.has(w) ? { ...w, kind: 'overlay' } : w));
}

/**
 * The screen as an agent sees it (DESIGN.md section 2): invisible nodes gone (declared hidden,
 * zero size, off screen, outside their scroll container, under a bar or keyboard), nodes with
 * nothing to say and no kept children gone, layout-only wrappers collapsed, only the frontmost
 * app window plus system bars and keyboard left, `visibleFrame` and `window` on every node.
 */
export function cleanScreen(screen: Screen): Screen {
  const full: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
  // Android and iOS list children in paint order; a web page's DOM order is not (z-index,
  // positioning), so its capture judges occlusion by the paint order Chromium reports.
  const occluded = screen.platform !== 'web' && !screen.occlusionResolved ? occludedNodes(screen.root, full) : new Set<UiNode>();
  const paintOrdered = screen.platform !== 'web' && !screen.occlusionResolved;
  const barsOver = paintOrdered ? edgeBarsOver(screen.root, full) : new Map<UiNode, Rect[]>();
  const everything = pruneScreen(screen, { keepWindow: () => true, coversOf: () => [], occluded, barsOver });
  const extents = windowExtents(everything);
  const bounds = windowBounds(screen, everything);
  const kept = chooseWindows(screen.windows, new Set(extents.keys()), bounds, rectArea(full));
  const keptIds = new Set(kept.map((w) => w.id));
  const coverOf = new Map<string, Rect>();
  for (const w of kept) {
    const box = bounds.get(w.id);
    if (box && w.kind !== 'app' && w.kind !== 'dialog') coverOf.set(w.id, box);
  }
  const coversOf = (window: string): Rect[] => {
    const layer = kept.find((w) => w.id === window)?.layer ?? 0;
    return kept.filter((w) => w.layer > layer && coverOf.has(w.id)).map((w) => coverOf.get(w.id) as Rect);
  };
  const root = pruneScreen(screen, { keepWindow: (id) => keptIds.has(id), coversOf, occluded, barsOver });
  const front = kept.find((w) => w.kind === 'app' || w.kind === 'dialog');
  const cleaned: Screen = { ...screen, windows: kept, root, occlusionResolved: true };
  // On Android a window's title is its package: the app the agent now looks at.
  if (front?.title && screen.platform === 'android' && front.title !== screen.app) {
    cleaned.app = front.title;
    cleaned.appState = { app: front.title };
  }
  return cleaned;
}
