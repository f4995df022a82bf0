import type { Point, Rect } from '../model/geometry.js';
import type { NodeSource, Role, UiAction, UiStates } from '../model/ui-node.js';
import type { Screen } from '../model/screen.js';

/** Which cell of which detected list an element belongs to (`#K` is list 1, `#K@L` list L). */
export interface ListMembership {
  list: number;
  cell: number;
  /** The cell is cut off by the edge of its list or of the screen (a first or last row). */
  clipped?: true;
}

/** One line of the outline: an element of a snapshot, addressable as `@index`. */
export interface OutlineElement {
  /** 1-based N of `@N`, in (centre y, x) order. */
  index: number;
  role: Role;
  label?: string;
  value?: string;
  id?: string;
  /** Rounded frame in points. */
  frame: Rect;
  /** Rounded visible part of the frame. */
  visibleFrame: Rect;
  /** Where to tap: centre of the visible part. */
  tap: Point;
  states: UiStates;
  actions: UiAction[];
  source: NodeSource;
  window?: string;
  /** Region band: Top, Content or Bottom. */
  band: 'Top' | 'Content' | 'Bottom' | 'Overlay';
  /** Nesting depth in the cleaned tree, for indentation. */
  depth: number;
  /** `@N` of the nearest enclosing element in the same band, if any. */
  parent?: number;
  list?: ListMembership;
}

export interface DetectedCell {
  /** 1-based K of `#K`. */
  index: number;
  frame: Rect;
  /** `@N` indexes of the elements inside the cell. */
  elements: number[];
  /** Cut off by the edge of its list or of the screen. */
  clipped?: true;
}

export interface DetectedList {
  /** 1-based L of `#K@L`; list 1 is the dominant list. */
  index: number;
  container: Rect;
  containerId?: string;
  containerRole?: Role;
  axis: 'vertical' | 'horizontal';
  cells: DetectedCell[];
  score: number;
  detector: 'siblings' | 'spacing';
}

/** What identifies an element across snapshots (for STALE_REF and the settled diff). */
export interface ElementIdentity {
  id?: string;
  role: Role;
  label?: string;
  frame: Rect;
}

export interface Snapshot {
  /** Derived from the screen's content: the same screen always gets the same id. */
  id: string;
  screen: Screen;
  elements: OutlineElement[];
  lists: DetectedList[];
  /** True when every kept element is listed (false for a skeleton). */
  complete: boolean;
}
