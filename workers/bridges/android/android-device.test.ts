// The bridge on a virtual Android device through the real adb server and adbkit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OutlineJson } from '../../../core/outline/json.js';
import { DeviceSession } from '../../session/device-session.js';
import { errorOf, okData } from '../../session/test-support/envelopes.js';
import { labForSuite } from './test-support/lab.js';
import { GMAIL_GRAPH } from './virtual/index.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';

describe('Android bridge on a virtual device (real adb server, adbkit)', { skip: withoutFixtures() }, () => {
  const lab = labForSuite();

  it('describes the screen in points from uiautomator dump with the real density, and the focused activity', async () => {
    const { device } = await lab().open();
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
    const { vd, device } = await lab().open();
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

  it('without the UiAutomator2 server, answers UNSUPPORTED for multi-finger input where sendevent is refused, and says why', async () => {
    const { device } = await lab().open({ sendeventAllowed: false }, { uia2: 'off' });
    assert.equal(device.capabilities.multiTouch, false);
    assert.match(device.capabilities.reasons?.multiTouch ?? '', /Permission denied/);
    const session = new DeviceSession(device);
    const err = errorOf(await session.execute('pinch', { scale: 2 }));
    assert.equal(err.code, 'UNSUPPORTED');
    await session.close();
  });

  it('types into the focused field and verifies it through the session; keys and unknown keys', async () => {
    const { vd, device } = await lab().open({ graph: GMAIL_GRAPH });
    const session = new DeviceSession(device);
    const typed = okData(await session.execute('type', { text: "it's 50% off & more" }));
    assert.equal(vd.device.typedText.join(''), "it's 50% off & more");
    assert.equal(typed.delivery, 'delivered_verified');
    okData(await session.execute('key', { key: 'Backspace' }));
    okData(await session.execute('key', { key: 'enter' }));
    const keys = vd.device.inputEvents.filter((e) => e.kind === 'key').map((e) => (e as { name: string }).name);
    assert.deepEqual(keys, ['KEYCODE_DEL', 'KEYCODE_ENTER']);
    assert.equal(errorOf(await session.execute('key', { key: 'Hyper' })).code, 'INVALID_ARGS');
    assert.equal(errorOf(await session.execute('type', { text: 'naïve' })).code, 'UNSUPPORTED');
    await session.close();
  });

  it('is still on a quiet screen by the app\'s own frames, before the quiet window, and counts stillness from the last input', async () => {
    const { vd, device } = await lab().open();
    const quiet = await device.waitForStill({ quietMs: 3000 });
    assert.equal(quiet.still, true);
    assert.ok(quiet.ms < 3000, `still for ${quiet.ms} ms: the frames answered, not the window`);
    const sending = performance.now();
    await device.key('Tab');
    const after = await device.waitForStill({ quietMs: 3000 });
    assert.equal(after.still, true);
    assert.ok(after.ms <= performance.now() - sending, `still for ${after.ms} ms: counted from the input`);
    assert.ok(vd.device.commandLines.includes('dumpsys gfxinfo com.android.settings framestats'));
  });

  it('waits out the frames of an animation, and falls back to the quiet window where the frames say nothing', async () => {
    const { vd, device } = await lab().open({ transitionAnimationMs: 600 });
    const session = new DeviceSession(device);
    okData(await session.execute('outline', {}));
    const tapped = okData(await session.execute('tap', { target: 'text="Network & internet"' }));
    assert.deepEqual((tapped.still as { still: boolean }).still, true);
    assert.equal(vd.device.animationRemaining(), 0, 'the answer came after the transition\'s frames');
    assert.ok(vd.device.framesDrawn().length > 30, 'a frame per vsync while it ran');
    await session.close();

    // A phone read through the UiAutomator2 server, whose dumps do not wait for the app to idle:
    // the tree holds still while the app animates, and only its frames tell.
    const { vd: phone, device: uia2 } = await lab().open({ sendeventAllowed: false });
    await uia2.key('Tab');
    phone.device.animate(600);
    const animating = performance.now();
    assert.equal((await uia2.waitForStill({ quietMs: 3000 })).still, true);
    assert.equal(phone.device.animationRemaining(), 0, 'not still while frames came');
    assert.ok(performance.now() - animating < 3000, 'answered by the frames once they stopped, not by the quiet window');

    // An app whose frames gfxinfo cannot list (it draws without hwui): the dumps decide.
    const { device: plain } = await lab().open({ hwuiFrames: false });
    await plain.key('Tab');
    const sent = performance.now();
    const still = await plain.waitForStill({ quietMs: 300 });
    assert.equal(still.still, true);
    assert.ok(still.ms >= 300 && performance.now() - sent >= 300, `still for ${still.ms} ms, after the quiet window`);
  });

  it('works on a device without shell_v2 (v1 shell, status from a marker) and still sees a drop mid-command', async () => {
    const { vd, device } = await lab().open({ features: ['cmd', 'stat_v2'] });
    assert.equal((await device.adb.features()).has('shell_v2'), false);
    const screen = await device.describe();
    assert.equal(screen.appState?.app, 'com.android.settings');
    const refused = await device.adb.run('sendevent /dev/input/event9 0 0 0');
    assert.equal(refused.code, 1);
    vd.device.dropOnCommand = 'input';
    const err = await device.key('Tab').then(() => null, (e: unknown) => e as { code?: string; options?: { delivery?: string } });
    assert.equal(err?.code, 'DEVICE_UNAVAILABLE');
    assert.equal(err?.options?.delivery, 'delivery_uncertain');
  });
});
