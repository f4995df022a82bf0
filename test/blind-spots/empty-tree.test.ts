import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { pageSessionForSuite } from '../support/page-session.js';

const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));

interface Drawn {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A screen whose accessibility tree is empty (a Flutter- or Unity-like app drawing into one canvas
 * the page does not expose): the pixel channel runs by itself, without --pixels, and the outline
 * says so; text buttons, icon buttons and a switch drawn there are lines a tap by @N reaches.
 */
describe('an empty tree brings the pixel channel in by itself (headless Chromium, OCR)', () => {
  const lab = pageSessionForSuite(PAGES, 'flutter.html');
  const outline = async () => {
    const { json, data } = await lab().outline({ text: true });
    return { json, text: data.text as string };
  };

  it('reads the drawn screen, says it did, and every drawn control is reached by its @N', async () => {
    const { device, open, tapHit } = lab();
    await open('flutter.html');
    const { json, text } = await outline();
    assert.match(text.split('\n')[0] as string, /pixels: tree empty/, 'the header says the pixels were read and why');
    assert.equal(json.pixels, 'tree empty');
    const drawn = await device.evaluate<Drawn[]>('window.__targets');
    const pixel = json.elements.filter((e) => e.source === 'pixel');
    for (const t of drawn) {
      const el = pixel.find((e) => e.tap.x >= t.x && e.tap.x <= t.x + t.w && e.tap.y >= t.y && e.tap.y <= t.y + t.h);
      assert.ok(el, `${t.name} is not among the pixel lines: ${pixel.map((e) => `${e.role} ${e.label ?? ''} ${JSON.stringify(e.frame)}`).join('; ')}`);
      assert.equal(await tapHit(`@${el.index}`), t.name, `tap on @${el.index} (${el.role} ${el.label ?? ''})`);
    }
    const sound = pixel.find((e) => e.role === 'Switch');
    assert.ok(sound, 'the pill with a knob is a switch');
    assert.equal(sound.states.checked, true, 'its knob sits at the right: on');
    assert.deepEqual(
      pixel.filter((e) => !drawn.some((t) => e.tap.x >= t.x && e.tap.x <= t.x + t.w && e.tap.y >= t.y && e.tap.y <= t.y + t.h)).map((e) => `${e.role} ${e.label ?? ''}`),
      [],
      'nothing else is offered',
    );
  });

  it('does not read pixels on a page whose tree shows its content', async () => {
    await lab().open('text.html');
    const { json, text } = await outline();
    assert.doesNotMatch(text.split('\n')[0] as string, /pixels/);
    assert.equal(json.pixels, undefined);
  });
});
