import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OutlineJson } from '../../core/outline/json.js';
import { labForSuite } from '../../workers/bridges/android/test-support/lab.js';
import { GAME_GRAPH } from '../../workers/bridges/android/virtual/index.js';
import { DeviceSession } from '../../workers/session/device-session.js';
import { okData } from '../../workers/session/test-support/envelopes.js';
import { withoutFixtures } from '../support/fixtures.js';

/**
 * The pixel channel on Android: a game draws its menu on a SurfaceView, so uiautomator sees one
 * unnamed surface. Real adb server and adbkit against the virtual device, which renders the menu.
 */
describe('the pixel channel on Android reads a painted SurfaceView (virtual device, OCR)', { skip: withoutFixtures() }, () => {
  const lab = labForSuite();

  it('offers the painted buttons as (pixel) lines, and a tap by @N lands on the button', async () => {
    const { vd, device } = await lab().open({ graph: GAME_GRAPH });
    const session = new DeviceSession(device);
    try {
      const json = okData(await session.execute('outline', { format: 'json' })).outline as OutlineJson;
      const painted = vd.device.graph.tree.painted ?? [];
      const labels = painted.map((p) => p.text);
      const pixel = json.elements.filter((e) => e.source === 'pixel');
      assert.deepEqual(pixel.map((e) => `${e.role} ${e.label}`), labels.map((l) => `Button ${l}`));
      const px = device.info.scale;
      for (const [i, p] of painted.entries()) {
        const el = pixel[i];
        assert.ok(el);
        // Screen pixels to points: within 3 points of where the app drew the button.
        const want = { x: p.bounds.left / px, y: p.bounds.top / px, w: (p.bounds.right - p.bounds.left) / px, h: (p.bounds.bottom - p.bounds.top) / px };
        for (const k of ['x', 'y', 'w', 'h'] as const) assert.ok(Math.abs(el.frame[k] - want[k]) <= 3, `${el.label} ${k} ${el.frame[k]} vs ${want[k]}`);
      }
      const target = pixel.find((e) => e.label === 'Options');
      assert.ok(target);
      okData(await session.execute('tap', { target: `@${target.index}` }));
      const touch = vd.device.gestures.at(-1)?.fingers[0]?.points[0];
      const options = painted.find((p) => p.text === 'Options');
      assert.ok(touch && options, 'the tap reached the device');
      assert.ok(touch.x >= options.bounds.left && touch.x <= options.bounds.right && touch.y >= options.bounds.top && touch.y <= options.bounds.bottom, `tap at ${touch.x},${touch.y}`);
    } finally {
      await session.close();
    }
  });
});
