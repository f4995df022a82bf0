import type { Rect } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';

/** A list as core/lists reports it (best first): the outline numbers its cells `#K` / `#K@L`. */
export interface ListInput {
  container: UiNode | null;
  containerFrame: Rect;
  axis: 'vertical' | 'horizontal';
  cells: UiNode[];
  /** First or last cells cut off by the list's (or the screen's) edge. */
  clipped?: UiNode[];
  score: number;
  detector: string;
}

export type ListDetector = (screen: Screen) => ListInput[];
