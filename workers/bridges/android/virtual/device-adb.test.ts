// Device behaviour through the real adb server: taps moving the screen graph, MT-B input,
// authentication, a device vanishing mid-command.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Adb } from './test-support/adbkit.js';
import { startVirtualDevice } from './virtual-device.js';
import type { VirtualDevice } from './virtual-device.js';
import { adbConnect, deviceState, startAdbServer } from './adb-server.js';
import type { AdbServer } from './adb-server.js';
import { parseUiXml, walk } from './ui-tree.js';
import { readAll } from './test-support/connected-device.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

async function waitForState(server: AdbServer, serial: string, wanted: string, timeoutMs = 15_000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  let state: string | null = null;
  while (Date.now() < deadline) {
    state = await deviceState(server, serial);
    if (state === wanted) return state;
    await sleep(100);
  }
  return state;
}

describe('virtual device behaviour through adb', { skip: withoutFixtures() }, () => {
  let server: AdbServer;
  const devices: VirtualDevice[] = [];
  const start = async (...args: Parameters<typeof startVirtualDevice>) => {
    const vd = await startVirtualDevice(...args);
    devices.push(vd);
    return vd;
  };

  before(async () => {
    server = await startAdbServer();
  });
  after(async () => {
    await server?.kill();
    for (const vd of devices) await vd.close();
  });

  it('moves to the next screen when `input tap` lands on "Network & internet"', async () => {
    const vd = await start();
    assert.equal(await adbConnect(vd.serial, server.port), 'device');
    const device = Adb.createClient({ port: server.port }).getDevice(vd.serial);
    const dumpTree = async () => {
      await readAll(await device.shell('uiautomator dump'));
      return parseUiXml((await readAll(await device.pull('/sdcard/window_dump.xml'))).toString('utf8'));
    };
    const before = await dumpTree();
    const target = [...walk(before.root)].find(({ node }) => node.text === 'Network & internet')?.node;
    assert.ok(target);
    const x = Math.round((target.bounds.left + target.bounds.right) / 2);
    const y = Math.round((target.bounds.top + target.bounds.bottom) / 2);
    const r = await server.adb(['-s', vd.serial, 'shell', 'input', 'tap', String(x), String(y)]);
    assert.equal(r.code, 0, r.stderr);
    const afterTap = await dumpTree();
    assert.ok([...walk(afterTap.root)].some(({ node }) => node.text === 'Airplane mode'));
    assert.match((await server.adb(['-s', vd.serial, 'shell', 'dumpsys window | grep mCurrentFocus'])).stdout, /NetworkDashboardActivity/);
    await server.adb(['-s', vd.serial, 'shell', 'input keyevent 4']);
    assert.equal(vd.device.graph.screenId, 'settings');
  });

  it('reconstructs a two-finger MT-B pinch sent through adb shell', async () => {
    const vd = await start();
    assert.equal(await adbConnect(vd.serial, server.port), 'device');
    const getevent = await server.adb(['-s', vd.serial, 'shell', 'getevent -pl']);
    const max = Number(/ABS_MT_POSITION_X\s+: value 0, min 0, max (\d+)/.exec(getevent.stdout)?.[1]);
    assert.equal(max, 32767);
    const ev = (c: number, v: number, t = 3) => `sendevent /dev/input/event1 ${t} ${c} ${v}`;
    const scale = (px: number, size: number) => Math.round((px * (max + 1)) / size);
    const steps = [0, 1, 2, 3, 4];
    const cmds = [ev(47, 0), ev(57, 1), ev(47, 1), ev(57, 2)];
    for (const i of steps) {
      const d = 100 + i * 50;
      cmds.push(ev(47, 0), ev(53, scale(540 - d, 1080)), ev(54, scale(1044, 2088)), ev(47, 1), ev(53, scale(540 + d, 1080)), ev(54, scale(1044, 2088)), ev(0, 0, 0), 'sleep 0.01');
    }
    cmds.push(ev(47, 0), ev(57, -1), ev(47, 1), ev(57, -1), ev(0, 0, 0));
    const r = await server.adb(['-s', vd.serial, 'shell', cmds.join(';')]);
    assert.equal(r.code, 0, r.stderr);
    const g = vd.device.gestures.at(-1);
    assert.ok(g);
    assert.equal(g.fingers.length, 2);
    const left = g.fingers[0]?.points.map((p) => Math.round(p.x));
    const right = g.fingers[1]?.points.map((p) => Math.round(p.x));
    assert.deepEqual(left, steps.map((i) => 540 - (100 + i * 50)));
    assert.deepEqual(right, steps.map((i) => 540 + (100 + i * 50)));
    const ts = g.fingers[0]?.points.map((p) => p.t) ?? [];
    assert.ok(ts.every((t, i) => i === 0 || t > (ts[i - 1] as number)), 'timestamps increase');
  });

  it('stays unauthorized until the key is allowed; a known key connects at once', async () => {
    const vd = await start({ auth: true });
    assert.equal(await adbConnect(vd.serial, server.port), 'unauthorized');
    assert.deepEqual(vd.connectionStates(), ['unauthorized']);
    const refused = await server.adb(['-s', vd.serial, 'shell', 'echo hi']);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /unauthorized/);
    assert.equal(vd.allowPendingKey(), true);
    assert.equal(await waitForState(server, vd.serial, 'device'), 'device');
    assert.equal((await server.adb(['-s', vd.serial, 'shell', 'echo hi'])).stdout, 'hi\n');

    const trusted = await start({ auth: true, knownKeys: [await server.publicKey()] });
    assert.equal(await adbConnect(trusted.serial, server.port), 'device');
    const open = await start({ auth: true, acceptNewKeys: true });
    assert.equal(await adbConnect(open.serial, server.port), 'device');
  });

  it('drops the connection mid-command on demand and serves again after the server reconnects', async () => {
    const vd = await start();
    assert.equal(await adbConnect(vd.serial, server.port), 'device');
    vd.device.dropOnCommand = 'uiautomator';
    const r = await server.adb(['-s', vd.serial, 'shell', 'uiautomator dump']);
    assert.ok(!r.stdout.includes('UI hierchary dumped'));
    assert.ok(vd.device.commandLines.includes('uiautomator dump'));
    assert.equal(await waitForState(server, vd.serial, 'device'), 'device');
    assert.equal((await server.adb(['-s', vd.serial, 'shell', 'uiautomator dump'])).stdout, 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
  });

  it('stays away after a drop when asked, and comes back when reachable again', async () => {
    const vd = await start();
    assert.equal(await adbConnect(vd.serial, server.port), 'device');
    vd.device.dropOnCommand = 'screencap';
    vd.device.stayAwayAfterDrop = true;
    const r = await server.adb(['-s', vd.serial, 'exec-out', 'screencap -p']);
    assert.equal(r.raw.length, 0);
    assert.notEqual(await deviceState(server, vd.serial), 'device');
    await sleep(1500);
    assert.notEqual(await deviceState(server, vd.serial), 'device');
    vd.setReachable(true);
    assert.equal(await waitForState(server, vd.serial, 'device'), 'device');
  });

  it('goes offline when the device closes', async () => {
    const vd = await start();
    assert.equal(await adbConnect(vd.serial, server.port), 'device');
    await vd.close();
    const state = await waitForState(server, vd.serial, 'offline');
    assert.ok(state === 'offline' || state === null, String(state));
  });
});
