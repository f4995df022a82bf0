import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { OutlineJson } from '../../core/outline/json.js';
import { launchWebDevice, type WebDevice } from '../../workers/bridges/web/index.js';
import { DeviceSession } from '../../workers/session/device-session.js';
import { okData } from '../../workers/session/test-support/envelopes.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';

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
  let server: StaticServer;
  let device: WebDevice;
  let session: DeviceSession;

  before(async () => {
    server = await startStaticServer(PAGES);
    device = await launchWebDevice({ url: `${server.url}flutter.html` });
    session = new DeviceSession(device);
  });
  after(async () => {
    await session?.close();
    await server?.close();
  });

  const outline = async (): Promise<{ json: OutlineJson; text: string }> => {
    const data = okData(await session.execute('outline', { format: 'json', text: true }));
    return { json: data.outline as OutlineJson, text: data.text as string };
  };

  it('reads the drawn screen, says it did, and every drawn control is reached by its @N', async () => {
    okData(await session.execute('web.open', { url: `${server.url}flutter.html` }));
    const { json, text } = await outline();
    assert.match(text.split('\n')[0] as string, /pixels: tree empty/, 'the header says the pixels were read and why');
    assert.equal(json.pixels, 'tree empty');
    const drawn = await device.evaluate<Drawn[]>('window.__targets');
    const pixel = json.elements.filter((e) => e.source === 'pixel');
    for (const t of drawn) {
      const el = pixel.find((e) => e.tap.x >= t.x && e.tap.x <= t.x + t.w && e.tap.y >= t.y && e.tap.y <= t.y + t.h);
      assert.ok(el, `${t.name} is not among the pixel lines: ${pixel.map((e) => `${e.role} ${e.label ?? ''} ${JSON.stringify(e.frame)}`).join('; ')}`);
      okData(await session.execute('tap', { target: `@${el.index}` }));
      assert.equal(await device.evaluate<string>('window.__hits.at(-1)'), t.name, `tap on @${el.index} (${el.role} ${el.label ?? ''})`);
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
    okData(await session.execute('web.open', { url: `${server.url}text.html` }));
    const { json, text } = await outline();
    assert.doesNotMatch(text.split('\n')[0] as string, /pixels/);
    assert.equal(json.pixels, undefined);
  });
});
