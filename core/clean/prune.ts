import { intersectRect, type Rect } from '../model/geometry.js';
import { KNOWN_ROLES, type UiNode } from '../model/ui-node.js';
import { clipsChildren, hasArea, sameRect, uncover } from './visibility.js';

/** What the pruning of one tree needs to know about the screen's windows. */
export interface PruneContext {
  /** Windows whose content stays. */
  keepWindow: (window: string) => boolean;
  /** Rectangles of the kept windows in front of a window (its bars, its keyboard). */
  coversOf: (window: string) => readonly Rect[];
  /** Nodes painted over by their window's own content. */
  occluded: ReadonlySet<UiNode>;
  /** Nodes partly under an edge bar drawn after them (edgeBarsOver): the bars' frames. */
  barsOver: ReadonlyMap<UiNode, readonly Rect[]>;
}

const LIST_CONTAINERS = new Set(['List', 'Table', 'Grid']);
const GENERIC_ROLES = new Set(['Group', 'Other', 'Window']);
const KNOWN = new Set<string>(KNOWN_ROLES);

/** Says nothing by itself: a generic container (or an unknown class) with no label, value, id or action. */
function isLayoutOnly(node: UiNode): boolean {
  const generic = GENERIC_ROLES.has(node.role) || !KNOWN.has(node.role);
  return generic && !node.label && !node.value && node.actions.length === 0;
}

/** A toggle shows whether it is on, even unlabelled and not tappable (Compose's selected radio button). */
function isMeaningful(node: UiNode): boolean {
  return Boolean(node.label || node.value || node.id || node.actions.length > 0 || node.states.checked !== undefined);
}

/** Rows of one size this many times or more make a container a list, whatever its class. */
const REPEATED_ROWS = 3;

/**
 * Children of one size in one column (or one row), edge to edge, several of them: the rows of
 * a list the platform does not name (a Compose column of category rows). Their wrappers stay,
 * as cells of a named list do, so list detection sees each row whole and not its shorter text.
 */
function holdsRepeatedRows(node: UiNode): boolean {
  // In reading order: the tree's order of siblings that do not overlap says nothing.
  const kids = node.children.filter((c) => hasArea(c.frame)).sort((a, b) => a.frame.y - b.frame.y || a.frame.x - b.frame.x);
  // A first or last child may be cut short by the edge (a sliver of the next row).
  const inner = kids.length > REPEATED_ROWS ? kids.filter((c, i) => (i > 0 && i < kids.length - 1) || !isSliver(c, kids)) : kids;
  if (inner.length < REPEATED_ROWS) return false;
  const first = (inner[0] as UiNode).frame;
  const same = (a: number, b: number) => Math.abs(a - b) <= 1;
  // Of one size, on one line, each starting where the one before ends: sizes a pixel apart (in
  // tolerance) do not add up to a gap.
  const edgeToEdge = (at: 'x' | 'y', size: 'w' | 'h', cross: 'x' | 'y') =>
    inner.every((c, i) => {
      const before = (inner[i - 1] as UiNode | undefined)?.frame;
      return same(c.frame.w, first.w) && same(c.frame.h, first.h) && same(c.frame[cross], first[cross]) && (!before || same(c.frame[at], before[at] + before[size]));
    });
  return edgeToEdge('y', 'h', 'x') || edgeToEdge('x', 'w', 'y');
}

/** Much shorter than the middle child, both ways. */
function isSliver(c: UiNode, kids: readonly UiNode[]): boolean {
  const mid = kids[Math.floor(kids.length / 2)] as UiNode;
  return c.frame.h < mid.frame.h / 2 || c.frame.w < mid.frame.w / 2;
}

export interface Place {
  clip: Rect;
  window: string | undefined;
  /** The parent's frame, for spotting wrappers that only repeat it. */
  parentFrame: Rect;
  /** The parent is a list container, so this node is one of its cells. */
  inList: boolean;
  /** An ancestor is itself tappable: groupings inside it are its layout, not structure. */
  inControl: boolean;
  /** Edge bars drawn over this node or an ancestor. */
  bars?: readonly Rect[];
}

/**
 * The kept form of `node`: [node] when it stays, its kept children when it goes (they move up
 * to its parent), [] when nothing inside it can be seen.
 */
export function prune(node: UiNode, place: Place, ctx: PruneContext): UiNode[] {
  const window = node.window ?? place.window;
  let inView = hasArea(node.frame) ? intersectRect(node.frame, place.clip) : null;
  // An importer that knows more clipping (the web's CSS overflow) says so in visibleFrame.
  if (inView && node.visibleFrame) inView = hasArea(node.visibleFrame) ? intersectRect(inView, node.visibleFrame) : null;
  const clips = clipsChildren(node);
  // A scroll container that cannot be seen hides everything inside it.
  if (clips && !inView) return [];
  const over = ctx.barsOver.get(node);
  const bars = over ? [...(place.bars ?? []), ...over] : place.bars;
  const underBars = inView && bars ? uncover(inView, bars) : inView;
  const visibleFrame = underBars && window !== undefined ? uncover(underBars, ctx.coversOf(window)) : underBars;
  const childPlace: Place = {
    clip: clips && inView ? inView : place.clip,
    window,
    parentFrame: node.frame,
    inList: LIST_CONTAINERS.has(node.role) || holdsRepeatedRows(node),
    inControl: place.inControl || node.actions.includes('tap'),
    ...(bars ? { bars } : {}),
  };
  const children = node.children.flatMap((c) => prune(c, childPlace, ctx));
  const windowKept = window === undefined || ctx.keepWindow(window);
  if (!windowKept || node.visible === false || !visibleFrame || ctx.occluded.has(node)) return children;

  const kept: UiNode = { ...node, visibleFrame, children };
  if (window !== undefined) kept.window = window;
  // The paint order has been used (occlusion); among the new siblings of collapsed wrappers it would mislead.
  delete kept.drawingOrder;
  // An id keeps a leaf that shows something (an icon, an empty text), not an empty layout box.
  if (children.length === 0 && (!isMeaningful(kept) || isLayoutOnly(kept))) return [];
  if (!isLayoutOnly(kept)) return [kept];
  const only = children.length === 1 ? children[0] : undefined;
  // A wrapper of exactly its child's size is that child: it goes, and its id names the child.
  if (only && sameRect(node.frame, only.frame)) return [only.id || !kept.id ? only : { ...only, id: kept.id }];
  // Cells of a list stay even when they only wrap: list detection counts them.
  if (place.inList) return [kept];
  // Each node says its window, so a window element is only a wrapper.
  if (kept.role === 'Window' || only) return children;
  if (!kept.id && (place.inControl || sameRect(node.frame, place.parentFrame))) return children;
  return [kept];
}
