import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { PixelConflict } from '../../workers/session/observer.js';
import { pageSessionForSuite } from '../support/page-session.js';

const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));
const MENU = ['New game', 'Continue', 'Options', 'High scores', 'Help', 'Quit'];

/** The pixel channel on a real page: OCR (tesseract.js, its model from npm) of what the tree cannot see. */
describe('the pixel channel reads what is painted (headless Chromium, OCR)', () => {
  const lab = pageSessionForSuite(PAGES, 'canvas.html');
  const open = (page: string): Promise<void> => lab().open(page);
  const outline = async (args: Record<string, unknown> = {}) => {
    const { json, data } = await lab().outline(args);
    return { json, conflicts: (data.conflicts ?? []) as PixelConflict[] };
  };

  it('reads a canvas menu by itself: six buttons in points, marked (pixel), outside the lists, and a tap by @N reaches each', async () => {
    await open('canvas.html');
    const { json } = await outline();
    const pixel = json.elements.filter((e) => e.source === 'pixel');
    assert.deepEqual(pixel.map((e) => `${e.role} ${e.label}`), MENU.map((m) => `Button ${m}`));
    // Drawn at (40, 40 + 72 i) in a canvas whose corner is at x 45: the frames come back in points.
    const canvas = await lab().device.evaluate<{ x: number; y: number }>('(() => { const b = document.getElementById("menu").getBoundingClientRect(); return { x: b.x, y: b.y }; })()');
    pixel.forEach((e, i) => {
      const want = { x: canvas.x + 40, y: canvas.y + 40 + 72 * i, w: 220, h: 48 };
      for (const k of ['x', 'y', 'w', 'h'] as const) assert.ok(Math.abs(e.frame[k] - want[k]) <= 3, `${e.label} ${k} ${e.frame[k]} vs ${want[k]}`);
      assert.equal(e.list, undefined, 'pixel lines are no list cells');
    });
    for (const label of MENU) {
      const el = (await outline()).json.elements.find((e) => e.source === 'pixel' && e.label === label);
      assert.ok(el, label);
      assert.equal(await lab().tapHit(`@${el.index}`), label);
    }
  });

  it('flags a conflict when the tree names a button one way and its pixels say another, and the tree wins', async () => {
    await open('conflict.html');
    const plain = await outline();
    assert.deepEqual(plain.conflicts, [], 'no pixels are read without a painted surface or --pixels');
    const { json, conflicts } = await outline({ pixels: true });
    const button = json.elements.find((e) => e.label === 'Close account');
    assert.ok(button, 'the tree keeps its name');
    const conflict = conflicts.find((c) => c.tree.label === 'Close account');
    assert.ok(conflict, JSON.stringify(conflicts));
    assert.equal(conflict.pixels.text, 'Open account');
    assert.equal(conflict.ref, `@${button.index}`);
    assert.ok(conflict.pixels.confidence >= 60);
    assert.ok(!json.elements.some((e) => e.source === 'pixel' && /account/i.test(e.label ?? '')), 'the pixels do not add a second line');
  });

  it('adds nothing on a text page the tree already reads', async () => {
    await open('text.html');
    const { json, conflicts } = await outline({ pixels: true });
    assert.deepEqual(json.elements.filter((e) => e.source !== 'ax').map((e) => e.label), []);
    assert.deepEqual(conflicts.map((c) => `${c.tree.label} / ${c.pixels.text}`), []);
  });
});
