import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rect, Screen, UiNode } from '../model/index.js';
import { emptyRegions } from './empty-regions.js';

function node(role: string, frame: Rect, label?: string, children: UiNode[] = []): UiNode {
  return { role, frame, states: {}, actions: [], source: 'ax', children, ...(label ? { label } : {}) };
}

function screenOf(children: UiNode[]): Screen {
  return {
    platform: 'web',
    size: { w: 390, h: 844 },
    scale: 3,
    orientation: 'portrait',
    windows: [],
    root: node('Application', { x: 0, y: 0, w: 390, h: 844 }, undefined, [node('Group', { x: 0, y: 0, w: 390, h: 844 }, undefined, children)]),
  };
}

describe('holes of the tree for hit-testing', () => {
  it('puts a full-width empty band first, and ignores containers covering the screen', () => {
    const regions = emptyRegions(
      screenOf([
        node('Heading', { x: 0, y: 0, w: 390, h: 60 }, 'Title'),
        // y 60..120 holds nothing the tree knows: a hidden toolbar would sit here.
        node('Text', { x: 0, y: 120, w: 390, h: 660 }, 'Body'),
        node('Button', { x: 0, y: 780, w: 390, h: 64 }, 'Tab'),
      ]),
    );
    assert.deepEqual(regions[0], { x: 0, y: 64, w: 384, h: 56 });
  });

  it('finds holes beside content and leaves slivers out', () => {
    const regions = emptyRegions(
      screenOf([
        node('Text', { x: 0, y: 0, w: 390, h: 400 }, 'Top'),
        node('Text', { x: 0, y: 400, w: 150, h: 444 }, 'Left column'),
        node('Text', { x: 0, y: 404, w: 390, h: 2 }, 'Rule'),
      ]),
    );
    assert.ok(regions.length >= 1);
    const [first] = regions;
    assert.ok(first && first.x >= 150 && first.y >= 400 && first.w >= 200 && first.h >= 400, JSON.stringify(first));
    for (const r of regions) assert.ok(r.w >= 40 && r.h >= 24, JSON.stringify(r));
  });

  it('finds nothing on a screen the tree fills', () => {
    assert.deepEqual(emptyRegions(screenOf([node('Text', { x: 0, y: 0, w: 390, h: 844 }, 'All')]), { containerShare: 1 }), []);
  });
});
