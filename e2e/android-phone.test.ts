import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { pinchTimeline, rotateTimeline } from '../core/gestures/two-finger-fit.js';
import type { TouchTimeline } from '../core/gestures/timeline.js';
import type { Hub } from '../server/main.js';
import type { DeviceStatus } from '../core/wire/device.js';
import { androidDeviceId } from '../workers/bridges/android/provider.js';
import { adbConnect, startAdbServer, startVirtualDevice, type AdbServer, type VirtualDevice } from '../workers/bridges/android/virtual/index.js';
import { call, createToken, data, startWorkerLab, type WorkerLab } from './support/lab.js';
import { withoutFixtures } from '../test/support/fixtures.js';

/**
 * A real phone, end to end: the virtual device (arm64, Android 9) refuses `sendevent` (as a
 * non-rooted phone does) and takes 2 s per `uiautomator dump` (as real phones do); its frames come
 * from minicap, pushed at open. The worker installs and starts the
 * UiAutomator2 server on it through the real adb server, and uses its page source and W3C actions.
 */
interface Lease {
  id: string;
}

const WORKER_ID = 'e2e-phone';
const PX = 440 / 160;

/** The shape of a timeline in device pixels, rounded, fingers in order of their first x. */
function shape(t: TouchTimeline, scale = 1): string[] {
  return t.fingers
    .map((f) => f.points.map((p) => `${Math.round(p.x * scale)},${Math.round(p.y * scale)}@${Math.round(p.t)}`))
    .sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''))
    .map((points) => `${points[0]} .. ${points[points.length - 1]} (${points.length})`);
}

describe('a real phone (no sendevent) through the UiAutomator2 server', { concurrency: false, skip: withoutFixtures() }, () => {
  let lab: WorkerLab | undefined;
  let hub: Hub;
  let adb: AdbServer;
  let vd: VirtualDevice;
  let deviceId: string;
  let agent: string;
  let lease: Lease;

  before(async () => {
    adb = await startAdbServer();
    vd = await startVirtualDevice({ sendeventAllowed: false, dumpDelayMs: 2000, sdk: 28, release: '9', abi: 'arm64-v8a' });
    assert.equal(await adbConnect(vd.serial, adb.port), 'device');
    deviceId = androidDeviceId(WORKER_ID, vd.serial);
    lab = await startWorkerLab({
      workerId: WORKER_ID,
      deviceId,
      env: { SIMLAB_PLATFORMS: 'android', SIMLAB_ADB_PORT: String(adb.port), SIMLAB_ADB_CONNECT: vd.serial },
      onlineTimeoutMs: 90_000,
    });
    hub = lab.hub;
    agent = await createToken(hub.url, hub.adminToken as string, 'agent-phone', 'agent');
    lease = data(await call<Lease>(hub.url, 'POST', '/leases', agent, { deviceId }));
  });

  after(async () => {
    await lab?.close();
    await adb?.kill();
    await vd?.close();
  });

  test('the server was installed and started, and the device advertises multi-touch through it', async () => {
    assert.ok(vd.device.installedPackages.has('io.appium.uiautomator2.server'));
    assert.ok(vd.device.installedPackages.has('io.appium.uiautomator2.server.test'));
    const device = data(await call<{ capabilities: { multiTouch: boolean }; status?: DeviceStatus }>(hub.url, 'GET', `/devices/${deviceId}`, agent));
    assert.equal(device.capabilities.multiTouch, true);
    // devices says which frame path the phone got and why, its battery, and the helper's state.
    assert.equal(device.status?.frames?.path, 'minicap');
    assert.equal(device.status?.frames?.reason, 'minicap (prebuilt for arm64-v8a, SDK 28) streams a JPEG frame on every change');
    assert.ok(vd.device.fs.stat('/data/local/tmp/minicap.so'), 'minicap was pushed with its library');
    assert.deepEqual(device.status?.battery, { level: 85, temperatureC: 29.2, charging: true });
    assert.deepEqual(device.status?.helpers?.map((h) => h.state), ['running']);
  });

  test('observe reads the server\'s page source, never `uiautomator dump`', async () => {
    const outline = data(await call<{ outline: string }>(hub.url, 'GET', `/devices/${deviceId}/outline`, agent)).outline;
    assert.match(outline, /Network & internet/);
    assert.ok(vd.device.uia2.requests.some((r) => /^GET \/session\/[^/]+\/source$/.test(r)));
    assert.equal(vd.device.commands.filter((c) => c.argv[0] === 'uiautomator').length, 0);
  });

  test('pinch 2x and rotate 90 arrive as two-pointer W3C actions matching the timelines', async () => {
    const size = { w: 1080 / PX, h: 2088 / PX };
    for (const [command, args, expected] of [
      ['pinch', { scale: 2, ms: 300 }, pinchTimeline({ x: size.w / 2, y: size.h / 2 }, 2, 300, size)],
      ['rotate', { degrees: 90, ms: 400 }, rotateTimeline({ x: size.w / 2, y: size.h / 2 }, 90, 400, size)],
    ] as const) {
      const before = vd.device.gestures.length;
      const answer = await call(hub.url, 'POST', `/devices/${deviceId}/${command}`, agent, args);
      assert.equal(answer.status, 200, JSON.stringify(answer.envelope));
      const gesture = vd.device.gestures.slice(before).find((g) => g.source === 'uia2');
      assert.ok(gesture, `${command} reached the device through the server`);
      assert.equal(gesture.fingers.length, 2);
      assert.deepEqual(shape(gesture), shape(expected, PX));
    }
  });

  test('the server killed between commands is started again and the next command is delivered', async () => {
    const sessions = () => vd.device.uia2.requests.filter((r) => r === 'POST /session').length;
    const before = sessions();
    vd.device.killUia2();
    // Between commands: the worker hears of the death (its `am instrument` stream ends) before the next
    // command, as it does when a person or an agent acts next; a command racing the kill itself may find
    // the server dying under it, which answers delivery_uncertain by design.
    await sleep(1000);
    const tapped = await call(hub.url, 'POST', `/devices/${deviceId}/tap`, agent, { target: { x: 100, y: 300 } });
    assert.equal(tapped.status, 200, JSON.stringify(tapped.envelope));
    assert.equal(sessions(), before + 1, 'a new server and session');
  });

  test('device care: the phone stays awake while served; health, rotation with the lock, and removing the helpers', async () => {
    assert.equal(vd.device.settings.get('global/stay_on_while_plugged_in'), '7');
    const health = data(await call<{ batteryLevel: number; temperatureC: number; charging: boolean; screenOn: boolean }>(hub.url, 'POST', `/devices/${deviceId}/android/health`, agent, {}));
    assert.deepEqual([health.batteryLevel, health.temperatureC, health.charging, health.screenOn], [85, 29.2, true, true]);
    const rotated = await call(hub.url, 'POST', `/devices/${deviceId}/android/rotate`, agent, { degrees: 90 });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.envelope));
    assert.equal(vd.device.settings.get('system/accelerometer_rotation'), '0');
    assert.equal(vd.device.settings.get('system/user_rotation'), '1');
    assert.equal((await call(hub.url, 'POST', `/devices/${deviceId}/android/rotate`, agent, { degrees: 45 })).status, 400);
  });

  test('the server killed during a gesture: the answer says delivery is uncertain, and the next command works', async () => {
    const pressing = call(hub.url, 'POST', `/devices/${deviceId}/long-press`, agent, { target: { x: 100, y: 300 }, ms: 3000 });
    await new Promise((r) => setTimeout(r, 1000));
    vd.device.killUia2();
    const answer = await pressing;
    assert.equal(answer.envelope.ok, false, JSON.stringify(answer.envelope));
    assert.ok(!answer.envelope.ok && answer.envelope.error.disposition.delivery === 'delivery_uncertain', JSON.stringify(answer.envelope));
    const outline = await call(hub.url, 'GET', `/devices/${deviceId}/outline`, agent);
    assert.equal(outline.status, 200, JSON.stringify(outline.envelope));
  });

  test('uninstall-helpers removes the server packages from the phone', async () => {
    const removed = await call(hub.url, 'POST', `/devices/${deviceId}/android/uninstall-helpers`, agent, {});
    assert.ok([200, 503].includes(removed.status), JSON.stringify(removed.envelope));
    assert.ok(!vd.device.installedPackages.has('io.appium.uiautomator2.server'));
    assert.ok(!vd.device.installedPackages.has('io.appium.uiautomator2.server.test'));
    await call(hub.url, 'DELETE', `/leases/${lease.id}`, agent);
  });
});
