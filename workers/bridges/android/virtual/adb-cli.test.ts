// The virtual device through the real adb server (Debian adb) and the real adbkit.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Adb } from './test-support/adbkit.js';
import { startVirtualDevice } from './virtual-device.js';
import type { VirtualDevice } from './virtual-device.js';
import { adbConnect, startAdbServer } from './adb-server.js';
import type { AdbServer } from './adb-server.js';
import { readAll } from './test-support/connected-device.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

describe('virtual device through the real adb server', { skip: withoutFixtures() }, () => {
  let server: AdbServer;
  let vd: VirtualDevice;
  let v1: VirtualDevice;
  const sh = (serial: string, ...args: string[]) => server.adb(['-s', serial, 'shell', ...args]);

  before(async () => {
    server = await startAdbServer();
    vd = await startVirtualDevice({ product: 'vprod', model: 'Virtual Pixel 7', device: 'vdev' });
    v1 = await startVirtualDevice({ features: [], model: 'Old' });
    assert.equal(await adbConnect(vd.serial, server.port), 'device');
    assert.equal(await adbConnect(v1.serial, server.port), 'device');
  });
  after(async () => {
    await server?.kill();
    await vd?.close();
    await v1?.close();
  });

  it('is listed by `adb devices -l` with product, model and device', async () => {
    const out = await server.adb(['devices', '-l']);
    const line = out.stdout.split('\n').find((l) => l.startsWith(vd.serial));
    assert.ok(line, out.stdout);
    assert.match(line, /\sdevice product:vprod model:Virtual_Pixel_7 device:vdev transport_id:\d+/);
  });

  it('answers getprop for single keys and the whole list', async () => {
    assert.equal((await sh(vd.serial, 'getprop', 'ro.product.model')).stdout, 'Virtual Pixel 7\n');
    assert.equal((await sh(vd.serial, 'getprop ro.build.version.sdk')).stdout, '33\n');
    const all = (await sh(vd.serial, 'getprop')).stdout;
    assert.match(all, /^\[ro\.product\.manufacturer\]: \[Google\]$/m);
    assert.equal((await sh(vd.serial, 'getprop no.such.key')).stdout, '\n');
  });

  it('returns shell v2 exit codes and keeps stderr apart', async () => {
    assert.equal((await sh(vd.serial, 'exit 3')).code, 3);
    assert.equal((await sh(vd.serial, 'false')).code, 1);
    const r = await sh(vd.serial, 'echo out; echo err >&2; nosuchtool');
    assert.equal(r.code, 127);
    assert.equal(r.stdout, 'out\n');
    assert.equal(r.stderr, 'err\n/system/bin/sh: nosuchtool: inaccessible or not found\n');
    assert.equal((await sh(vd.serial, 'false; echo $?')).stdout, '1\n');
  });

  it('without shell_v2, mixes stderr in and exits 0 (shell v1)', async () => {
    const r = await sh(v1.serial, 'echo out; echo err >&2; exit 3');
    assert.equal(r.code, 0);
    assert.equal(r.stdout, 'out\nerr\n');
  });

  it('parses the quoting of `adb exec-out` like sh', async () => {
    const r = await server.adb(['-s', vd.serial, 'exec-out', 'echo', 'a  b', "it's", '$HOME']);
    assert.equal(r.stdout, "a  b it's $HOME\n");
    const lines = vd.device.commandLines.filter((l) => l.startsWith('echo'));
    assert.equal(lines[lines.length - 1], "echo 'a  b' 'it'\\''s' '$HOME'");
  });

  it('serves adbkit: listDevices, shell, getProperties', async () => {
    const client = Adb.createClient({ port: server.port });
    const devices = await client.listDevices();
    assert.ok(devices.some((d: { id: string; type: string }) => d.id === vd.serial && d.type === 'device'));
    const device = client.getDevice(vd.serial);
    const out = await readAll(await device.shell('echo hello from adbkit'));
    assert.equal(out.toString(), 'hello from adbkit\n');
    const props = await device.getProperties();
    assert.equal(props['ro.product.model'], 'Virtual Pixel 7');
  });
});
