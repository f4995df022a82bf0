import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rect, UiNode } from '../../../core/model/index.js';
import { arbitrate, sameText, type PixelElement } from './arbitrate.js';

function node(role: string, frame: Rect, label?: string, children: UiNode[] = []): UiNode {
  return { role, frame, states: {}, actions: [], source: 'ax', children, ...(label ? { label } : {}) };
}

function read(text: string, frame: Rect, confidence = 90): PixelElement {
  return { node: { ...node('Text', frame, text), source: 'pixel' }, confidence };
}

const ROOT = (children: UiNode[]) => node('WebView', { x: 0, y: 0, w: 400, h: 800 }, 'Mail', children);

describe('arbitration between the tree and the pixels', () => {
  it('compares text as OCR reads it: case, punctuation, a slip in four letters, a glyph more', () => {
    assert.ok(sameText('Sign out', 'sign out.'));
    assert.ok(sameText('Continue', 'Contlnue'));
    assert.ok(sameText('♥ Like', 'Like'));
    assert.ok(!sameText('Game', 'New game extra words'));
    assert.ok(!sameText('Close account', 'Open account'));
  });

  it('keeps a shape without text (an icon) only where no node of the tree lies under it, the read surface aside', () => {
    const canvas = node('Canvas', { x: 0, y: 400, w: 400, h: 300 });
    const tree = ROOT([node('Link', { x: 10, y: 10, w: 44, h: 44 }), canvas]);
    const shape = (frame: Rect): PixelElement => ({ node: { role: 'Button', frame, states: {}, actions: ['tap'], source: 'pixel', children: [] }, confidence: 50 });
    const { keep } = arbitrate(tree, [shape({ x: 20, y: 20, w: 24, h: 24 }), shape({ x: 100, y: 500, w: 24, h: 24 })], 400, [canvas.frame]);
    assert.deepEqual(keep.map((p) => p.node.frame.y), [500]);
  });

  it('drops what the tree shows, keeps what it does not, and flags a different label at the same place', () => {
    const tree = ROOT([
      node('Button', { x: 20, y: 100, w: 200, h: 44 }, 'Close account'),
      node('Text', { x: 20, y: 200, w: 300, h: 60 }, 'A long paragraph that wraps over two lines of text'),
      node('Text', { x: 20, y: 300, w: 80, h: 20 }, 'Inbox'),
    ]);
    const { keep, conflicts } = arbitrate(
      tree,
      [
        read('Open account', { x: 30, y: 110, w: 180, h: 24 }, 96),
        read('over two lines of text', { x: 20, y: 236, w: 200, h: 20 }),
        read('Inbox', { x: 22, y: 300, w: 76, h: 20 }),
        read('Quit', { x: 150, y: 600, w: 60, h: 30 }),
      ],
      400,
    );
    assert.deepEqual(keep.map((p) => p.node.label), ['Quit']);
    assert.deepEqual(conflicts, [
      {
        tree: { role: 'Button', label: 'Close account', frame: { x: 20, y: 100, w: 200, h: 44 } },
        pixels: { text: 'Open account', confidence: 96, frame: { x: 30, y: 110, w: 180, h: 24 } },
      },
    ]);
  });
});
