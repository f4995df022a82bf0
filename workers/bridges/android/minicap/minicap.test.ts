// The minicap frame path on virtual devices through the real adb server: picked where a prebuilt
// binary and library fit the device's ABI and SDK and `minicap -t` passes, pushed through the sync
// service, read over `adb forward tcp:N localabstract:minicap`; restarted when it dies; given up on
// (with the reason in devices) when it will not start again; passed over, saying why, elsewhere.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { Frame } from '../../../bridge.js';
import { DeviceStatusSchema } from '../../../../core/wire/device.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';
import { labForSuite } from '../test-support/lab.js';
import { minicapPrebuiltDir, pickMinicap } from './minicap-prebuilt.js';
import { openAndroidDevice } from '../open-device.js';

const PREBUILT = minicapPrebuiltDir();
const SCREEN = { width: 360, height: 720, density: 160 };

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Command lines that started minicap's server (not its -t check or a -s still). */
function serverStarts(lines: string[]): number {
  return lines.filter((l) => l.includes('/data/local/tmp/minicap -P') && !/ -[ts]\b/.test(l)).length;
}

describe('picking minicap\'s prebuilt files', { skip: PREBUILT ? false : 'needs the optional @devicefarmer/minicap-prebuilt package' }, () => {
  it('takes the binary for the ABI and the library for the exact SDK, and says what is missing otherwise', () => {
    const x86 = pickMinicap('x86_64', 29);
    assert.ok(x86.ok && x86.files.bin.endsWith('x86_64/bin/minicap') && x86.files.lib.endsWith('x86_64/lib/android-29/minicap.so'));
    const old = pickMinicap('armeabi-v7a', 15);
    assert.ok(old.ok && old.files.bin.endsWith('armeabi-v7a/bin/minicap-nopie'), 'below SDK 16: the binary without PIE');
    const recent = pickMinicap('arm64-v8a', 33);
    assert.deepEqual(recent, { ok: false, reason: 'no prebuilt minicap.so for Android SDK 33 on arm64-v8a (the package has SDK 21-30)' });
    assert.deepEqual(pickMinicap('mips', 19), { ok: false, reason: 'no prebuilt minicap for the ABI mips' });
    assert.deepEqual(pickMinicap('armeabi-v7a', 12), { ok: false, reason: 'no prebuilt minicap.so for Android SDK 12 on armeabi-v7a (the package has SDK 9-10, 14-19, 21-30)' });
    assert.match(pickMinicap('../x', 29).ok ? '' : (pickMinicap('../x', 29) as { reason: string }).reason, /no usable ABI/);
  });

  it('offers nothing without the package', () => {
    assert.deepEqual(pickMinicap('x86_64', 29, null), { ok: false, reason: 'the @devicefarmer/minicap-prebuilt package is not installed' });
  });
});

describe('the minicap frame path on devices', { skip: withoutFixtures() || (PREBUILT ? false : 'needs the optional @devicefarmer/minicap-prebuilt package') }, () => {
  const lab = labForSuite();

  it('pushes minicap for the device\'s ABI and SDK, streams its frames of the screen and reports the path', async () => {
    const { vd, device } = await lab().open({ ...SCREEN, sdk: 29, release: '10' });
    const status = device.status().frames;
    assert.equal(status?.path, 'minicap', status?.reason);
    assert.ok(DeviceStatusSchema.safeParse(device.status()).success, 'devices carries it within the wire schema');
    assert.equal(status?.reason, 'minicap (prebuilt for x86_64, SDK 29) streams a JPEG frame on every change');
    const pushed = vd.device.fs.stat('/data/local/tmp/minicap');
    assert.ok(pushed?.data.equals(readFileSync(`${PREBUILT}/x86_64/bin/minicap`)), 'the package\'s binary, byte for byte');
    assert.equal((pushed?.mode ?? 0) & 0o777, 0o755);
    assert.ok(vd.device.fs.readFile('/data/local/tmp/minicap.so').equals(readFileSync(`${PREBUILT}/x86_64/lib/android-29/minicap.so`)));

    const frames: Frame[] = [];
    const stop = device.frames((f) => frames.push(f));
    await until(() => frames.length >= 1, 'the first frame');
    const first = frames[0] as Frame;
    const meta = await sharp(first.data).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height, first.width, first.height], ['jpeg', 360, 720, 360, 720]);
    // The first frame is the screen as screencap draws it (JPEG blurs edges: compare small means).
    const png = await vd.device.screenPng();
    const mean = async (image: Buffer) => (await sharp(image).resize(36, 72, { fit: 'fill' }).greyscale().raw().toBuffer()).reduce((a, b) => a + b, 0) / (36 * 72);
    assert.ok(Math.abs((await mean(first.data)) - (await mean(png))) < 3, 'the frame shows the virtual screen');
    const streamedShot = await device.screenshot({ format: 'jpeg' });
    assert.deepEqual([streamedShot.width, streamedShot.height], [360, 720]);
    assert.ok(!vd.device.commandLines.some((l) => / -s\b/.test(l)), 'a still while streaming is the stream\'s last frame');
    const sharper = await device.screenshot({ format: 'jpeg', scale: 2 });
    assert.deepEqual([sharper.width, sharper.height], [720, 1440]);
    assert.ok(vd.device.commandLines.some((l) => /minicap -P 360x720@360x720\/0 -s/.test(l)), 'a still sharper than the stream comes from minicap -s');
    const forwards = await lab().server.adb(['forward', '--list']);
    assert.match(forwards.stdout, new RegExp(`${vd.serial.replace(/\./g, '\\.')} tcp:\\d+ localabstract:minicap`));

    // Still: no frame; a change of screen: frames while it animates.
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(frames.length, 1, 'minicap sends nothing while the screen is still');
    vd.device.animate(1500);
    await until(() => frames.length >= 8, 'frames of the animation');
    assert.ok((device.status().frames?.fps ?? 0) > 0);
    stop();
    await until(() => vd.device.processes.size === 0, 'minicap to end when nobody watches');
    assert.equal(vd.device.abstractSockets.size, 0);
  });

  it('takes screenshots from minicap and starts it again when it dies mid-stream', async () => {
    const { vd, device } = await lab().open({ ...SCREEN, sdk: 28, release: '9' });
    const shot = await device.screenshot({ format: 'png' });
    assert.deepEqual([shot.width, shot.height], [360, 720]);
    assert.ok(vd.device.commandLines.some((l) => /minicap -P 360x720@360x720\/0 -s/.test(l)), 'a still through minicap -s');

    const frames: Frame[] = [];
    const stop = device.frames((f) => frames.push(f));
    await until(() => frames.length >= 1, 'the first frame');
    assert.equal(vd.device.killProcesses('minicap'), 1);
    await until(() => serverStarts(vd.device.commandLines) >= 2 && vd.device.processes.size === 1, 'minicap started again');
    const before = frames.length;
    vd.device.animate(800);
    await until(() => frames.length > before + 2, 'frames after the restart');
    assert.equal(device.status().frames?.path, 'minicap');
    stop();
  });

  it('gives up on a minicap that will not start again: the stream carries on through screenrecord, and devices says why', async () => {
    const { vd, device } = await lab().open({ ...SCREEN, sdk: 29, release: '10', recordFps: 8 });
    let announced = 0;
    device.onStatusChange = () => announced++;
    const frames: Frame[] = [];
    const stop = device.frames((f) => frames.push(f));
    await until(() => frames.length >= 1, 'the first frame');
    vd.device.config.minicapError = 'ERROR: (jni/minicap/minicap.cpp:430: errno: No such file or directory) Unable to get display info';
    vd.device.killProcesses('minicap');
    await until(() => device.status().frames?.path !== 'minicap', 'the fallback');
    const status = device.status().frames;
    assert.equal(status?.path, 'screenrecord');
    assert.ok(DeviceStatusSchema.safeParse(device.status()).success, 'the reason fits the wire schema');
    assert.match(status?.reason ?? '', /^minicap stopped 3 times without a frame \(ERROR: .*Unable to get display info\); now screenrecord streams H\.264/);
    assert.ok(announced >= 1, 'the change is announced');
    const before = frames.length;
    vd.device.animate(1000);
    await until(() => frames.length > before + 3, 'frames through screenrecord');
    stop();
  });

  it('ends a minicap left running on the device (by a worker that died) before serving its own', async () => {
    const { vd } = await lab().addDevice({ ...SCREEN, sdk: 29 });
    const first = await openAndroidDevice({ client: lab().client, serial: vd.serial });
    await first.close();
    // What a worker that died leaves: its minicap, still serving the socket name.
    const leftover = vd.device.exec('LD_LIBRARY_PATH=/data/local/tmp /data/local/tmp/minicap -P 360x720@360x720/0');
    await until(() => vd.device.abstractSockets.has('minicap'), 'the leftover minicap');
    const device = await openAndroidDevice({ client: lab().client, serial: vd.serial });
    try {
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([leftover, new Promise<null>((r) => (timer = setTimeout(() => r(null), 5000)))]);
      clearTimeout(timer);
      assert.equal(ended?.code, 137, 'the leftover was ended');
      const frames: Frame[] = [];
      const stop = device.frames((f) => frames.push(f));
      await until(() => frames.length >= 1, 'frames from the new minicap');
      assert.equal(device.status().frames?.path, 'minicap');
      stop();
    } finally {
      await device.close();
    }
  });

  it('passes minicap over where no prebuilt library fits or its check fails, and says why', async () => {
    const recent = await lab().open({ ...SCREEN, sdk: 33 });
    assert.equal(recent.device.status().frames?.path, 'screenrecord');
    assert.match(recent.device.status().frames?.reason ?? '', /; no minicap: no prebuilt minicap\.so for Android SDK 33 on x86_64 \(the package has SDK 21-30\)$/);
    const broken = await lab().open({ ...SCREEN, sdk: 29, minicapError: 'Segmentation fault' });
    assert.equal(broken.device.status().frames?.path, 'screenrecord');
    assert.match(broken.device.status().frames?.reason ?? '', /no minicap: minicap -t failed on x86_64 SDK 29 \(Segmentation fault\)/);
    const arm = await lab().open({ ...SCREEN, sdk: 29, abi: 'arm64-v8a', screenrecord: false });
    assert.equal(arm.device.status().frames?.path, 'minicap', 'the arm64 binary on an arm64 device');
  });
});
