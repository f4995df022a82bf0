// `sync:` through `adb push`/`pull` and adbkit's sync client.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Adb } from './test-support/adbkit.js';
import { adbConnect } from './adb-server.js';
import { connectedDeviceForSuite, readAll } from './test-support/connected-device.js';
import { startVirtualDevice } from './virtual-device.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

describe('sync service', { skip: withoutFixtures() }, () => {
  const lab = connectedDeviceForSuite('sync');

  it('round-trips a 300 KiB file through adb push and pull, creating missing folders', async () => {
    const body = randomBytes(300 * 1024 + 17);
    await writeFile(join(lab.dir, 'up.bin'), body);
    const push = await lab.server.adb(['-s', lab.vd.serial, 'push', join(lab.dir, 'up.bin'), '/sdcard/new/dir/up.bin']);
    assert.equal(push.code, 0, push.stderr);
    assert.ok(lab.vd.device.fs.readFile('/sdcard/new/dir/up.bin').equals(body));
    const pull = await lab.server.adb(['-s', lab.vd.serial, 'pull', '/sdcard/new/dir/up.bin', join(lab.dir, 'down.bin')]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.ok((await readFile(join(lab.dir, 'down.bin'))).equals(body));
    assert.equal((await lab.server.adb(['-s', lab.vd.serial, 'shell', 'ls -l /sdcard/new/dir'])).stdout.includes(String(body.length)), true);
  });

  it('round-trips through a device with a 4 KiB payload limit (the adb server respects it)', async () => {
    const small = await startVirtualDevice({ maxPayload: 4096 });
    try {
      assert.equal(await adbConnect(small.serial, lab.server.port), 'device');
      const body = randomBytes(100 * 1024 + 3);
      await writeFile(join(lab.dir, 'small.bin'), body);
      assert.equal((await lab.server.adb(['-s', small.serial, 'push', join(lab.dir, 'small.bin'), '/sdcard/small.bin'])).code, 0);
      assert.equal((await lab.server.adb(['-s', small.serial, 'pull', '/sdcard/small.bin', join(lab.dir, 'small-back.bin')])).code, 0);
      assert.ok((await readFile(join(lab.dir, 'small-back.bin'))).equals(body));
      assert.deepEqual(small.log, []);
    } finally {
      await small.close();
    }
  });

  it('reports a missing remote file on pull', async () => {
    const pull = await lab.server.adb(['-s', lab.vd.serial, 'pull', '/sdcard/missing.txt', join(lab.dir, 'x')]);
    assert.notEqual(pull.code, 0);
    assert.match(pull.stdout + pull.stderr, /failed to stat remote object '\/sdcard\/missing\.txt': No such file or directory/);
  });

  it('serves adbkit: pull of window_dump.xml after uiautomator dump, stat, readdir, push', async () => {
    const device = Adb.createClient({ port: lab.server.port }).getDevice(lab.vd.serial);
    const said = await readAll(await device.shell('uiautomator dump'));
    assert.equal(said.toString(), 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const xml = (await readAll(await device.pull('/sdcard/window_dump.xml'))).toString('utf8');
    assert.match(xml, /^<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android\.widget\.FrameLayout" package="com\.android\.settings"/);
    assert.match(xml, /text="Network &amp; internet"/);
    const stat = await device.stat('/sdcard/window_dump.xml');
    assert.equal(stat.size, Buffer.byteLength(xml));
    assert.ok(stat.isFile());
    const entries = await device.readdir('/sdcard');
    assert.ok(entries.some((e: { name: string }) => e.name === 'window_dump.xml'));
    const transfer = await device.push(Readable.from([Buffer.from('pushed by adbkit')]), '/data/local/tmp/k.txt');
    await new Promise<void>((resolve, reject) => {
      transfer.on('end', () => resolve());
      transfer.on('error', reject);
    });
    assert.equal(lab.vd.device.fs.readFile('/data/local/tmp/k.txt').toString(), 'pushed by adbkit');
  });
});
