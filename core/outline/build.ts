import { detectLists, readingOrder, readsRightToLeft } from '../lists/index.js';
import type { Rect } from '../model/geometry.js';
import { rectCentre, roundRect } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import type { Band } from './bands.js';
import { BANDS, bandOf, contentRegion } from './bands.js';
import type { LineNode } from './element-nodes.js';
import { collectLines } from './element-nodes.js';
import { snapshotIdOf } from './fingerprint.js';
import { formatElement } from './format.js';
import type { ListDetector, ListInput } from './list-input.js';
import { lineComparator } from './sibling-order.js';
import type { DetectedCell, DetectedList, OutlineElement, Snapshot } from './snapshot.js';

export interface BuildOptions {
  /** Lists found on the screen, best first, or the detector to find them (default: core/lists' detectLists). */
  lists?: ListInput[] | ListDetector;
}


function toElement(line: LineNode, index: number, band: Band, depth: number, parent: number | undefined): OutlineElement {
  const n = line.node;
  const visibleFrame = roundRect(line.visible);
  const c = rectCentre(line.visible);
  const el: OutlineElement = {
    index,
    role: n.role,
    frame: roundRect(n.frame),
    visibleFrame,
    tap: { x: Math.round(c.x), y: Math.round(c.y) },
    states: n.states,
    actions: n.actions,
    source: n.source,
    band,
    depth,
  };
  if (n.label !== undefined && n.label !== '') el.label = n.label;
  if (n.value !== undefined && n.value !== '') el.value = n.value;
  if (n.id !== undefined && n.id !== '') el.id = n.id;
  if (n.window !== undefined) el.window = n.window;
  if (parent !== undefined) el.parent = parent;
  return el;
}

/** Sorts every level of the line forest in reading order (in place). */
function sortForest(lines: LineNode[], compare: (a: LineNode, b: LineNode) => number): void {
  lines.sort(compare);
  for (const l of lines) sortForest(l.children, compare);
}

/**
 * Numbers the lines band by band (Top, Content, Bottom), depth-first in reading order. A line
 * nested in a line of another band starts at depth 0 in its own band.
 */
function numberLines(forest: LineNode[], bandOfLine: Map<LineNode, Band>): { elements: OutlineElement[]; nodeOf: Map<number, UiNode> } {
  const elements: OutlineElement[] = [];
  const nodeOf = new Map<number, UiNode>();
  for (const band of BANDS) {
    const visit = (line: LineNode, depth: number, parent: number | undefined): void => {
      let childDepth = depth;
      let childParent = parent;
      if (bandOfLine.get(line) === band) {
        const el = toElement(line, elements.length + 1, band, depth, parent);
        elements.push(el);
        nodeOf.set(el.index, line.node);
        childDepth = depth + 1;
        childParent = el.index;
      }
      for (const c of line.children) visit(c, childDepth, childParent);
    };
    for (const l of forest) visit(l, 0, undefined);
  }
  return { elements, nodeOf };
}

function subtreeNodes(node: UiNode, into: Set<UiNode>): Set<UiNode> {
  into.add(node);
  for (const c of node.children) subtreeNodes(c, into);
  return into;
}

/**
 * Turns detected lists into numbered cells. A cell is carried by its own line, or else by the
 * first line inside it; cells are numbered in reading order (row by row, from the right in
 * Arabic or Hebrew) so the numbering does not depend on the detector's order of equal cells.
 */
function attachLists(lists: ListInput[], elements: OutlineElement[], nodeOf: Map<number, UiNode>): DetectedList[] {
  const out: DetectedList[] = [];
  lists.forEach((list, i) => {
    const L = i + 1;
    const cells = readingOrder(list.cells, list.axis);
    const detected: DetectedList = {
      index: L,
      container: roundRect(list.containerFrame),
      axis: list.axis,
      cells: [],
      score: list.score,
      detector: list.detector === 'spacing' ? 'spacing' : 'siblings',
    };
    if (list.container?.id) detected.containerId = list.container.id;
    if (list.container) detected.containerRole = list.container.role;
    cells.forEach((cell, k) => {
      const inside = subtreeNodes(cell, new Set());
      const members = elements.filter((e) => inside.has(nodeOf.get(e.index) as UiNode));
      const carrier = members.find((e) => e.list === undefined);
      const clipped = list.clipped?.includes(cell) === true;
      if (carrier) carrier.list = clipped ? { list: L, cell: k + 1, clipped } : { list: L, cell: k + 1 };
      const entry: DetectedCell = { index: k + 1, frame: roundRect(cell.visibleFrame ?? cell.frame), elements: members.map((e) => e.index) };
      if (clipped) entry.clipped = true;
      detected.cells.push(entry);
    });
    out.push(detected);
  });
  return out;
}

/** The canonical text a snapshot id is derived from: what the screen shows, never when. */
function contentText(screen: Screen, elements: OutlineElement[]): string {
  const head = `${screen.app ?? ''} ${screen.size.w}x${screen.size.h} ${screen.orientation}`;
  return [head, ...elements.map((e) => `${e.band} ${formatElement(e, { frame: true, idText: e.id })}`)].join('\n');
}

/** Everything the outline shows of a cleaned screen, numbered and addressable. */
export function buildSnapshot(screen: Screen, options: BuildOptions = {}): Snapshot {
  const bounds: Rect = { x: 0, y: 0, w: screen.size.w, h: screen.size.h };
  const given = options.lists ?? detectLists;
  const lists = typeof given === 'function' ? given(screen) : given;
  const forest = collectLines(screen.root, bounds);
  sortForest(forest, lineComparator(readsRightToLeft([screen.root])));
  const region = contentRegion(screen, lists[0]);
  const bandOfLine = new Map<LineNode, Band>();
  const assign = (l: LineNode): void => {
    bandOfLine.set(l, bandOf(l, screen, region));
    l.children.forEach(assign);
  };
  forest.forEach(assign);
  const { elements, nodeOf } = numberLines(forest, bandOfLine);
  const detected = attachLists(lists, elements, nodeOf);
  return { id: snapshotIdOf(contentText(screen, elements)), screen, elements, lists: detected, complete: true };
}
