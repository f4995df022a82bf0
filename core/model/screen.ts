import type { Size } from './geometry.js';
import type { UiNode } from './ui-node.js';

export type Platform = 'android' | 'ios' | 'web';
export type Orientation = 'portrait' | 'landscape';

export interface WindowInfo {
  id: string;
  /** `overlay`: a small window of another app above the one the user looks at (a chat head, an edge panel). */
  kind: 'app' | 'system' | 'keyboard' | 'dialog' | 'overlay';
  /** Higher is in front. */
  layer: number;
  title?: string;
}

export interface ScrollOffset {
  /** What scrolls: an element id, or `document` for the page itself. */
  target: string;
  x: number;
  y: number;
}

export interface AppState {
  app?: string;
  activity?: string;
  url?: string;
  title?: string;
  scroll?: ScrollOffset[];
}

export interface Stillness {
  still: boolean;
  ms: number;
}

/**
 * Why the whole screen's pixels were read into this screen: the caller asked (`--pixels`), or the
 * accessibility tree showed (nearly) nothing, as for a game or an app that draws itself.
 */
export type PixelReason = 'asked' | 'tree empty';

export interface Screen {
  platform: Platform;
  app?: string;
  /** Screen size in points. */
  size: Size;
  /** Device pixels per point. */
  scale: number;
  orientation: Orientation;
  windows: WindowInfo[];
  root: UiNode;
  appState?: AppState;
  still?: Stillness;
  /**
   * Set by cleanScreen: what lies under other elements is already out. The cleaned tree has lost
   * the sibling order that showed it (wrappers collapse), so a second cleaning must not judge again.
   */
  occlusionResolved?: true;
  /** Set when the whole screen's pixels were read, and why. */
  pixels?: PixelReason;
}
