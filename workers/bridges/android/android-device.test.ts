// The bridge on a virtual Android device through the real adb server and adbkit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Envelope, ErrorEnvelope, OkEnvelope } from '../../../core/contract/envelope.js';
import type { OutlineJson } from '../../../core/outline/json.js';
import { DeviceSession } from '../../session/device-session.js';
import { startAndroidLab, type AndroidLab } from './test-support/lab.js';

type Data = Record<string, unknown>;

function okData(env: Envelope): Data {
  assert.equal(env.ok, true, `expected ok, got ${JSON.stringify(env).slice(0, 600)}`);
  return (env as OkEnvelope<Data>).data;
}

function errorOf(env: Envelope): ErrorEnvelope['error'] {
  assert.equal(env.ok, false, `expected an error, got ${JSON.stringify(env).slice(0, 300)}`);
  return (env as ErrorEnvelope).error;
}

describe('Android bridge on a virtual device (real adb server, adbkit)', () => {
  let lab: AndroidLab;

  before(async () => {
    lab = await startAndroidLab();
  });
  after(async () => {
    await lab?.close();
  });

  it('describes the screen in points from uiautomator dump with the real density, and the focused activity', async () => {
    const { device } = await lab.open();
    assert.equal(device.info.platform, 'android');
    assert.equal(device.info.scale, 440 / 160);
    assert.ok(Math.abs(device.info.size.w - 1080 / 2.75) < 1e-9);
    const screen = await device.describe();
    assert.equal(screen.scale, 2.75);
    assert.equal(screen.appState?.app, 'com.android.settings');
    assert.equal(screen.appState?.activity, 'com.android.settings.homepage.SettingsHomepageActivity');
    const labels: string[] = [];
    const walk = (n: typeof screen.root) => {
      if (n.label) labels.push(n.label);
      n.children.forEach(walk);
    };
    walk(screen.root);
    assert.ok(labels.includes('Network & internet'), labels.join(', '));
    assert.equal(device.capabilities.multiTouch, true);
  });

  it('observe -> tap by selector -> the screen graph moves on -> the settled diff shows the new screen', async () => {
    const { vd, device } = await lab.open();
    const session = new DeviceSession(device);
    const first = okData(await session.execute('outline', { format: 'json' }));
    const outline = first.outline as OutlineJson;
    assert.ok(outline.elements.some((e) => e.label === 'Network & internet'));
    const tapped = okData(await session.execute('tap', { target: 'text="Network & internet"' }));
    assert.equal(vd.device.graph.screenId, 'network');
    assert.match(String(tapped.diff), /Airplane mode/);
    const motions = vd.device.inputEvents.filter((e) => e.kind === 'motion').map((e) => (e as { action: string }).action);
    assert.deepEqual(motions, ['DOWN', 'UP']);
    const back = okData(await session.execute('button', { button: 'back' }));
    assert.equal(vd.device.graph.screenId, 'settings');
    assert.match(String(back.diff), /Network & internet/);
    await session.close();
  });

  it('answers UNSUPPORTED for multi-finger input where sendevent is refused, and says why', async () => {
    const { device } = await lab.open({ sendeventAllowed: false });
    assert.equal(device.capabilities.multiTouch, false);
    assert.match(device.capabilities.reasons?.multiTouch ?? '', /Permission denied/);
    const session = new DeviceSession(device);
    const err = errorOf(await session.execute('pinch', { scale: 2 }));
    assert.equal(err.code, 'UNSUPPORTED');
    await session.close();
  });
});
