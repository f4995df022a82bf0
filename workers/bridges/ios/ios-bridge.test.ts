import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { SimlabError } from '../../../core/contract/index.js';
import * as gestures from '../../../core/gestures/index.js';
import { pinchTimeline } from '../../../core/gestures/two-finger-fit.js';
import type { ProvidedDevices } from '../../providers/provider.js';
import type { IosDevice } from './ios-device.js';
import { iosProvider } from './provider.js';
import { runTool } from './run-tool.js';
import { parseDeviceList } from './simctl.js';
import { explainSimctlFailure, isAlreadyBooted } from './simctl-errors.js';
import { FAKE_UDID, FakeIosHost } from './test-support/fake-ios-host.js';
import { admitTimeline } from '../../../core/wire/admitted-timeline.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';

const testdata = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
const logs: string[] = [];

async function start(host: FakeIosHost): Promise<{ provided: ProvidedDevices; device: IosDevice }> {
  const provided = await iosProvider.start({ workerId: 'mac1', env: { ...host.env, SIMLAB_IOS_POLL_MS: '200' }, log: (m) => logs.push(m) });
  const device = provided.devices[0]?.bridge as IosDevice | undefined;
  assert.ok(device, `no device; log: ${logs.join(' | ')}`);
  return { provided, device };
}

async function rejectsWith(p: Promise<unknown>, code: string, hint?: RegExp): Promise<SimlabError> {
  const err = await p.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof SimlabError, String(err));
  assert.equal(err.code, code, err.message);
  if (hint) assert.match(err.options.hint ?? '', hint);
  return err;
}

test('`simctl list devices -j`: iOS simulators only, with runtime names', () => {
  const sims = parseDeviceList(testdata('simctl-list-devices.json'));
  assert.equal(sims.length, 3, 'the watch is left out');
  assert.ok(sims.every((s) => s.runtime.startsWith('iOS ')));
  const pro = sims.find((s) => s.udid === FAKE_UDID);
  assert.deepEqual(pro && { name: pro.name, runtime: pro.runtime, state: pro.state }, { name: 'iPhone 16 Pro', runtime: 'iOS 17.5', state: 'Shutdown' });
  assert.equal(sims.find((s) => s.name === 'iPhone X')?.available, false);
});

test('each real simctl failure is explained: what happened and the command that fixes it', () => {
  const errors = JSON.parse(testdata('simctl-errors.json')) as Record<string, { exit: number; stderr: string }>;
  const explain = (kind: string, verb: string) => {
    const e = errors[kind];
    assert.ok(e);
    return explainSimctlFailure({ tool: 'xcrun', args: ['simctl', verb, FAKE_UDID], exitCode: e.exit, stderr: e.stderr.replace('{udid}', FAKE_UDID) });
  };
  const shut = explain('shut-down', 'io');
  assert.deepEqual([shut.code, /simctl boot/.test(shut.options.hint ?? '')], ['DEVICE_UNAVAILABLE', true]);
  const gone = explain('invalid-device', 'launch');
  assert.deepEqual([gone.code, /simctl list/.test(gone.options.hint ?? '')], ['DEVICE_UNAVAILABLE', true]);
  assert.equal(explain('invalid-device-boot', 'boot').code, 'DEVICE_UNAVAILABLE');
  const hung = explain('boot-timeout', 'boot');
  assert.match(hung.options.hint ?? '', /Caches/);
  assert.ok(isAlreadyBooted(explain('already-booted', 'boot')));
  assert.ok(!isAlreadyBooted(shut));
});

test('a tool that hangs is killed at its deadline and answered DEVICE_UNAVAILABLE, not a hang', async () => {
  const began = performance.now();
  await rejectsWith(runTool('sleep', ['30'], { timeoutMs: 300 }), 'DEVICE_UNAVAILABLE', /hung/);
  assert.ok(performance.now() - began < 5000);
  await rejectsWith(runTool('simlab-no-such-tool', [], { timeoutMs: 1000 }), 'UNSUPPORTED', /install/);
});

describe('an iOS simulator through AXe (no native helper)', { skip: withoutFixtures() }, () => {
  const host = new FakeIosHost();
  let provided: ProvidedDevices;
  let device: IosDevice;
  before(async () => ({ provided, device } = await start(host)));
  after(async () => {
    await provided?.close();
    host.cleanup();
  });

  test('is announced with its size from the tree, its scale from a real screenshot, and honest capabilities', () => {
    assert.equal(device.info.id, `mac1-ios-${FAKE_UDID}`);
    assert.equal(device.info.name, 'iPhone 16 Pro (iOS 17.5, simulator)');
    assert.deepEqual(device.info.size, { w: 402, h: 874 });
    assert.equal(device.info.scale, 3);
    assert.equal(device.capabilities.multiTouch, false);
    assert.match(device.capabilities.reasons?.multiTouch ?? '', /native helper/);
    assert.deepEqual(device.capabilities.buttons, ['home']);
    assert.ok(device.capabilities.keys.includes('Meta+v'));
    assert.ok(device.capabilities.platformVerbs.includes('ios.launch'));
    assert.ok(!device.capabilities.platformVerbs.includes('ios.install'), 'no apps folder, no install');
  });

  test('describe imports the real capture; hitTest answers the element under a point', async () => {
    const screen = await device.describe();
    assert.equal(screen.platform, 'ios');
    assert.equal(screen.app, 'LINE Dev');
    const labels: string[] = [];
    const walk = (n: typeof screen.root): void => {
      if (n.label) labels.push(n.label);
      n.children.forEach(walk);
    };
    walk(screen.root);
    assert.ok(labels.includes('戻る'));
    const back = await device.hitTest({ x: 20, y: 100 });
    assert.equal(back?.label, '戻る');
    assert.equal(back?.role, 'Button');
  });

  test('taps, presses, straight strokes, text, keys and the home button reach AXe as its commands', async () => {
    const before = host.calls('axe').length;
    await device.perform(admitTimeline(gestures.tap({ x: 38, y: 100 }), device.info.size));
    await device.perform(admitTimeline(gestures.longPress({ x: 200, y: 300 }, 400), device.info.size));
    await device.perform(admitTimeline(gestures.swipe({ x: 200, y: 700 }, { x: 200, y: 300 }, 250), device.info.size));
    await device.type('hello@example.com');
    await device.key('enter');
    await device.button('home');
    const calls = host.calls('axe').slice(before).map((c) => [...c.args.slice(0, c.args.indexOf('--udid'))]);
    assert.deepEqual(calls[0], ['tap', '-x', '38', '-y', '100']);
    assert.deepEqual(calls[1], ['touch', '-x', '200', '-y', '300', '--down']);
    assert.deepEqual(calls[2], ['touch', '-x', '200', '-y', '300', '--up']);
    const down = host.calls('axe').slice(before)[1]?.at ?? 0;
    const up = host.calls('axe').slice(before)[2]?.at ?? 0;
    assert.ok(up - down >= 380, `held ${up - down} ms`);
    assert.deepEqual(calls[3], ['swipe', '--start-x', '200', '--start-y', '700', '--end-x', '200', '--end-y', '300', '--duration', '0.250']);
    assert.deepEqual(calls[4], ['type', '--stdin']);
    assert.equal(host.calls('axe').slice(before)[4]?.stdin, 'hello@example.com');
    assert.deepEqual(calls[5], ['key', '40']);
    assert.deepEqual(calls[6], ['button', 'home']);
  });

  test('text the HID keyboard cannot carry is pasted; bent paths and the back button are refused with reasons', async () => {
    await device.type('こんにちは');
    const paste = host.calls('simctl').find((c) => c.args[0] === 'pbcopy');
    assert.equal(paste?.stdin, 'こんにちは');
    const combo = host.calls('axe').at(-1);
    assert.deepEqual(combo?.args.slice(0, 5), ['key-combo', '--modifiers', '227', '--key', '25']);
    await rejectsWith(device.perform(admitTimeline({ fingers: [{ id: 0, points: [{ x: 10, y: 10, t: 0 }, { x: 100, y: 60, t: 50 }, { x: 10, y: 120, t: 100 }] }] }, device.info.size)), 'UNSUPPORTED', /native\/ios/);
    await rejectsWith(device.button('back'), 'UNSUPPORTED');
    await rejectsWith(device.key('F13'), 'INVALID_ARGS');
  });

  test('screenshots are cropped and scaled in points from the simulator PNG', async () => {
    const shot = await device.screenshot({ scale: 1, crop: { x: 0, y: 0, w: 200, h: 100 }, format: 'png' });
    assert.deepEqual([shot.width, shot.height], [200, 100]);
    const meta = await sharp(shot.data).metadata();
    assert.equal(meta.format, 'png');
  });

  test('platform verbs run simctl with their arguments', async () => {
    await device.platformVerb('ios.launch', { bundleId: 'com.apple.Preferences' });
    await device.platformVerb('ios.open-url', { url: 'myapp://profile' });
    await device.platformVerb('ios.appearance', { mode: 'dark' });
    const verbs = host.calls('simctl').map((c) => c.args.join(' '));
    assert.ok(verbs.includes(`launch --terminate-running-process ${FAKE_UDID} com.apple.Preferences`));
    assert.ok(verbs.includes(`openurl ${FAKE_UDID} myapp://profile`));
    assert.ok(verbs.includes(`ui ${FAKE_UDID} appearance dark`));
  });

  test('a simulator shut down mid-session: commands answer DEVICE_UNAVAILABLE with how to boot it, and it is withdrawn', async () => {
    host.setState(FAKE_UDID, 'Shutdown');
    await rejectsWith(device.screenshot(), 'DEVICE_UNAVAILABLE', /boot/);
    for (let i = 0; i < 50 && provided.devices.length > 0; i++) await sleep(100);
    assert.equal(provided.devices.length, 0);
    host.setState(FAKE_UDID, 'Booted');
    for (let i = 0; i < 50 && provided.devices.length === 0; i++) await sleep(100);
    assert.equal(provided.devices[0]?.id, `mac1-ios-${FAKE_UDID}`, 'back under the same id');
  });
});

describe('an iOS simulator with the native helper', { skip: withoutFixtures() }, () => {
  const host = new FakeIosHost({ helper: true });
  let provided: ProvidedDevices;
  let device: IosDevice;
  before(async () => ({ provided, device } = await start(host)));
  after(async () => {
    await provided?.close();
    host.cleanup();
  });

  test('has multi-touch, and a pinch arrives as two fingers on the timeline clock', async () => {
    assert.equal(device.capabilities.multiTouch, true);
    const timeline = pinchTimeline({ x: 200, y: 400 }, 2, 300, device.info.size);
    await device.perform(admitTimeline(timeline, device.info.size));
    const events = host.calls('helper').map((c) => c.args);
    const downs = events.filter((a) => a[1] === 'down');
    assert.deepEqual(new Set(downs.map((a) => a[2])), new Set(['0', '1']));
    const ups = events.filter((a) => a[1] === 'up');
    assert.equal(ups.length, 2);
    const lastUp = ups.at(-1);
    assert.ok(Number(lastUp?.[6]) >= Number(lastUp?.[5]) - 5, 'sent no earlier than its time');
  });

  test('frames come from the helper', async () => {
    const frame = await new Promise<{ width: number }>((resolve) => {
      const stop = device.frames((f) => {
        stop();
        resolve(f);
      });
    });
    assert.equal(frame.width, 402);
  });

  test('a helper that dies fails the next gesture with DEVICE_UNAVAILABLE, not a hang', async () => {
    const pids = execFileSync('pgrep', ['-f', `fake-helper.mjs --udid ${FAKE_UDID}`]).toString().trim().split('\n').map(Number);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await sleep(200);
    await rejectsWith(device.perform(admitTimeline(gestures.tap({ x: 10, y: 10 }), device.info.size)), 'DEVICE_UNAVAILABLE');
  });
});
