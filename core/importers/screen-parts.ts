import type { Size } from '../model/geometry.js';
import type { Platform, Screen, WindowInfo } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';

/** The application element that holds the windows' trees when the format has none of its own. */
export function applicationRoot(size: Size, children: UiNode[], app: string | undefined): UiNode {
  const root: UiNode = {
    role: 'Application',
    frame: { x: 0, y: 0, ...size },
    states: { enabled: true },
    actions: [],
    source: 'ax',
    children,
  };
  if (app) root.label = app;
  return root;
}

export interface ScreenParts {
  platform: Platform;
  size: Size;
  scale: number;
  windows: WindowInfo[];
  root: UiNode;
  app: string | undefined;
}

/** A screen from its parts: the sides say the orientation, and the app is also the app state's. */
export function assembleScreen({ platform, size, scale, windows, root, app }: ScreenParts): Screen {
  const screen: Screen = {
    platform,
    size,
    scale,
    orientation: size.w > size.h ? 'landscape' : 'portrait',
    windows,
    root,
  };
  if (app) {
    screen.app = app;
    screen.appState = { app };
  }
  return screen;
}
