// Pixels: screencap PNGs rendered from the current screen, screenrecord H.264 that ffprobe decodes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { Adb } from './test-support/adbkit.js';
import { connectedDeviceForSuite, readAll } from './test-support/connected-device.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

function ffprobe(path: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    execFile('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'default=noprint_wrappers=1', path], (err, stdout) => {
      if (err) reject(err);
      else resolve(Object.fromEntries(stdout.trim().split('\n').map((l) => l.split('=') as [string, string])));
    });
  });
}

describe('screen pixels', { skip: withoutFixtures() }, () => {
  const lab = connectedDeviceForSuite('media');

  it('gives a PNG of the screen size through `adb exec-out screencap -p` and adbkit', async () => {
    const r = await lab.server.adb(['-s', lab.vd.serial, 'exec-out', 'screencap', '-p']);
    assert.equal(r.code, 0);
    const meta = await sharp(r.raw).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 1080);
    assert.equal(meta.height, 2088);
    const viaAdbkit = await readAll(await Adb.createClient({ port: lab.server.port }).getDevice(lab.vd.serial).screencap());
    assert.ok(viaAdbkit.equals(r.raw));
  });

  it('draws what the screen shows: the picture changes when the screen does', async () => {
    const before = (await lab.server.adb(['-s', lab.vd.serial, 'exec-out', 'screencap', '-p'])).raw;
    await lab.server.adb(['-s', lab.vd.serial, 'shell', 'am start -n com.google.android.deskclock/com.android.deskclock.DeskClock']);
    const afterStart = (await lab.server.adb(['-s', lab.vd.serial, 'exec-out', 'screencap', '-p'])).raw;
    const diff = async (a: Buffer, b: Buffer) => {
      const [pa, pb] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
      let n = 0;
      for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) n++;
      return n;
    };
    assert.ok((await diff(before, afterStart)) > 10_000);
    await lab.server.adb(['-s', lab.vd.serial, 'shell', 'input keyevent BACK']);
    assert.equal(await diff(before, (await lab.server.adb(['-s', lab.vd.serial, 'exec-out', 'screencap', '-p'])).raw), 0);
  });

  it('gives the raw screencap format with its header', async () => {
    const raw = (await lab.server.adb(['-s', lab.vd.serial, 'exec-out', 'screencap'])).raw;
    assert.equal(raw.readUInt32LE(0), 1080);
    assert.equal(raw.readUInt32LE(4), 2088);
    assert.equal(raw.readUInt32LE(8), 1);
    assert.equal(raw.length, 16 + 1080 * 2088 * 4);
  });

  it('streams H.264 from screenrecord that ffprobe decodes, honouring --time-limit and --size', async () => {
    const r = await lab.server.adb(['-s', lab.vd.serial, 'exec-out', 'screenrecord', '--output-format=h264', '--time-limit', '1', '--size', '540x1044', '--bit-rate', '2M', '-']);
    assert.equal(r.code, 0, r.stderr);
    const path = join(lab.dir, 'rec.h264');
    await writeFile(path, r.raw);
    const info = await ffprobe(path);
    assert.equal(info.codec_name, 'h264');
    assert.equal(info.width, '540');
    assert.equal(info.height, '1044');
    assert.equal(Number(info.nb_read_frames), lab.vd.device.config.recordFps);
  });

  it('stops the encoder when the host closes a live recording', async () => {
    const child = spawn('adb', ['-P', String(lab.server.port), '-s', lab.vd.serial, 'exec-out', 'screenrecord', '--output-format=h264', '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const [first] = (await once(child.stdout, 'data')) as [Buffer];
    assert.equal(first.subarray(0, 4).toString('hex'), '00000001', 'an Annex B start code');
    assert.equal(lab.vd.device.activeRecordings, 1);
    child.kill('SIGKILL');
    await once(child, 'close');
    for (let i = 0; i < 100 && lab.vd.device.activeRecordings > 0; i++) await sleep(50);
    assert.equal(lab.vd.device.activeRecordings, 0);
    assert.equal((await lab.server.adb(['-s', lab.vd.serial, 'shell', 'echo still here'])).stdout, 'still here\n');
  });
});
