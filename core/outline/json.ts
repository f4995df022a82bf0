import type { Size } from '../model/geometry.js';
import type { Orientation, PixelReason, Platform, Stillness } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import type { DetectedList, OutlineElement, Snapshot } from './snapshot.js';
import type { Omitted, OutlineView, ViewOptions } from './views.js';
import { selectView } from './views.js';

export interface OutlineJsonOptions extends ViewOptions {
  /** Include the cleaned tree the outline was built from. */
  raw?: boolean;
}

/** The JSON form of an outline: the same entries as the text, plus lists, flags and counts. */
export interface OutlineJson {
  snapshot: string;
  platform: Platform;
  app?: string;
  size: Size;
  orientation: Orientation;
  still?: Stillness;
  /** Set when the whole screen's pixels were read, and why. */
  pixels?: PixelReason;
  view: OutlineView['kind'];
  complete: boolean;
  truncated: boolean;
  counts: { elements: number; shown: number; lists: number; omitted: Omitted };
  elements: OutlineElement[];
  lists: DetectedList[];
  raw?: UiNode;
}

export function viewJson(view: OutlineView, options: OutlineJsonOptions = {}): OutlineJson {
  const { snapshot } = view;
  const { screen } = snapshot;
  const out: OutlineJson = {
    snapshot: snapshot.id,
    platform: screen.platform,
    size: screen.size,
    orientation: screen.orientation,
    view: view.kind,
    complete: view.complete,
    truncated: view.truncated,
    counts: { elements: snapshot.elements.length, shown: view.shown.length, lists: snapshot.lists.length, omitted: view.omitted },
    elements: view.shown,
    lists: snapshot.lists,
  };
  if (screen.app !== undefined) out.app = screen.app;
  if (screen.still !== undefined) out.still = screen.still;
  if (screen.pixels !== undefined) out.pixels = screen.pixels;
  if (options.raw) out.raw = screen.root;
  return out;
}

export function outlineJson(snapshot: Snapshot, options: OutlineJsonOptions = {}): OutlineJson {
  return viewJson(selectView(snapshot, options), options);
}
