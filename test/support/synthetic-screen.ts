import type { Rect } from '../../core/model/geometry.js';
import type { Screen } from '../../core/model/screen.js';
import type { UiNode } from '../../core/model/ui-node.js';

/** Builders of small screens for the list tests: an iPhone-sized app window in points. */
export const W = 390;
export const H = 844;

export function node(role: string, frame: Rect, children: UiNode[] = [], extra: Partial<UiNode> = {}): UiNode {
  return { role, frame, visibleFrame: frame, states: {}, actions: [], source: 'ax', children, ...extra };
}

export const text = (label: string, frame: Rect): UiNode => node('Text', frame, [], { label });

export function screenOf(...children: UiNode[]): Screen {
  return {
    platform: 'ios',
    size: { w: W, h: H },
    scale: 3,
    orientation: 'portrait',
    windows: [{ id: 'w', kind: 'app', layer: 1 }],
    root: node('Application', { x: 0, y: 0, w: W, h: H }, children),
  };
}
