// `sync:` through `adb push`/`pull` and adbkit's sync client.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Adb } from './test-support/adbkit.js';
import { startVirtualDevice } from './virtual-device.js';
import type { VirtualDevice } from './virtual-device.js';
import { adbConnect, startAdbServer } from './adb-server.js';
import type { AdbServer } from './adb-server.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('sync service', () => {
  let server: AdbServer;
  let vd: VirtualDevice;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'simlab-sync-'));
    server = await startAdbServer();
    vd = await startVirtualDevice();
    assert.equal(await adbConnect(vd.serial, server.port), 'device');
  });
  after(async () => {
    await server?.kill();
    await vd?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips a 300 KiB file through adb push and pull, creating missing folders', async () => {
    const body = randomBytes(300 * 1024 + 17);
    await writeFile(join(dir, 'up.bin'), body);
    const push = await server.adb(['-s', vd.serial, 'push', join(dir, 'up.bin'), '/sdcard/new/dir/up.bin']);
    assert.equal(push.code, 0, push.stderr);
    assert.ok(vd.device.fs.readFile('/sdcard/new/dir/up.bin').equals(body));
    const pull = await server.adb(['-s', vd.serial, 'pull', '/sdcard/new/dir/up.bin', join(dir, 'down.bin')]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.ok((await readFile(join(dir, 'down.bin'))).equals(body));
    assert.equal((await server.adb(['-s', vd.serial, 'shell', 'ls -l /sdcard/new/dir'])).stdout.includes(String(body.length)), true);
  });

  it('round-trips through a device with a 4 KiB payload limit (the adb server respects it)', async () => {
    const small = await startVirtualDevice({ maxPayload: 4096 });
    try {
      assert.equal(await adbConnect(small.serial, server.port), 'device');
      const body = randomBytes(100 * 1024 + 3);
      await writeFile(join(dir, 'small.bin'), body);
      assert.equal((await server.adb(['-s', small.serial, 'push', join(dir, 'small.bin'), '/sdcard/small.bin'])).code, 0);
      assert.equal((await server.adb(['-s', small.serial, 'pull', '/sdcard/small.bin', join(dir, 'small-back.bin')])).code, 0);
      assert.ok((await readFile(join(dir, 'small-back.bin'))).equals(body));
      assert.deepEqual(small.log, []);
    } finally {
      await small.close();
    }
  });

  it('reports a missing remote file on pull', async () => {
    const pull = await server.adb(['-s', vd.serial, 'pull', '/sdcard/missing.txt', join(dir, 'x')]);
    assert.notEqual(pull.code, 0);
    assert.match(pull.stdout + pull.stderr, /failed to stat remote object '\/sdcard\/missing\.txt': No such file or directory/);
  });

  it('serves adbkit: pull of window_dump.xml after uiautomator dump, stat, readdir, push', async () => {
    const device = Adb.createClient({ port: server.port }).getDevice(vd.serial);
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
    assert.equal(vd.device.fs.readFile('/data/local/tmp/k.txt').toString(), 'pushed by adbkit');
  });
});
