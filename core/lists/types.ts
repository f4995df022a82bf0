import type { Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';

export type ListAxis = 'vertical' | 'horizontal';
export type ListDetectorName = 'siblings' | 'spacing';

/** A repeated collection on the screen (DESIGN.md section 4). */
export interface FoundList {
  /** The node holding the cells; null when the cells have no common container but the screen. */
  container: UiNode | null;
  /** The visible part of the container (or of the cells, when there is no container). */
  containerFrame: Rect;
  axis: ListAxis;
  /** Cells at least partly visible: top to bottom (left to right when horizontal; rows of a grid in order). */
  cells: UiNode[];
  /** The first or last cells, where the edge of the list (or of the screen) cuts them off. */
  clipped: UiNode[];
  /** cellCount x consistency x roleBonus x widthBonus. */
  score: number;
  detector: ListDetectorName;
}

/** A node with what the detectors need to know about its place in the tree. */
export interface Placed {
  node: UiNode;
  parent: Placed | null;
  /** Position among the parent's children. */
  index: number;
  depth: number;
  /** The part of the node that can be seen on the screen. */
  vis: Rect;
  /** For a row the tree has no node for (records.ts): the elements it groups. */
  members?: Placed[];
}

/** A cluster of cells as a detector proposes it, before scoring. */
export interface Candidate {
  detector: ListDetectorName;
  container: Placed | null;
  containerFrame: Rect;
  axis: ListAxis;
  /** True when the cells fill rows and columns (a grid, read row by row). */
  grid: boolean;
  cells: Placed[];
  /** Share of the cells in one unbroken run (siblings: no foreign sibling between them; spacing: regular pitch). */
  regularity: number;
}
