// The frame path each device gets, and why, on virtual devices through the real adb server; and
// what `devices` reports for it (frame rate measured while it streamed, battery, helper).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { Frame } from '../../bridge.js';
import { descriptorOf } from '../../hub-client/descriptor.js';
import { TouchLog } from '../../recording/touch-log.js';
import { DeviceSession } from '../../session/device-session.js';
import { DeviceStatusSchema, DeviceDescriptorSchema } from '../../../core/wire/device.js';
import { pickFramePath } from './frame-path.js';
import { labForSuite } from './test-support/lab.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';

async function framesFor(device: { frames(on: (f: Frame) => void): () => void }, count: number, timeoutMs = 30_000): Promise<Frame[]> {
  const frames: Frame[] = [];
  const stop = device.frames((f) => frames.push(f));
  const deadline = Date.now() + timeoutMs;
  while (frames.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  stop();
  return frames;
}

describe('picking the frame path', () => {
  it('screenrecord with ffmpeg, else screencap, saying why', () => {
    assert.equal(pickFramePath({ ffmpegPath: '/usr/bin/ffmpeg', screenrecord: { ok: true } }).path, 'screenrecord');
    const noFfmpeg = pickFramePath({ ffmpegPath: null, screenrecord: { ok: true } });
    assert.deepEqual([noFfmpeg.path, /no ffmpeg/.test(noFfmpeg.reason)], ['screencap', true]);
    const noRecorder = pickFramePath({ ffmpegPath: '/usr/bin/ffmpeg', screenrecord: { ok: false, said: '/system/bin/sh: screenrecord: inaccessible or not found' } });
    assert.deepEqual([noRecorder.path, /screenrecord: inaccessible or not found/.test(noRecorder.reason)], ['screencap', true]);
  });
});

describe('frame paths on devices', { skip: withoutFixtures() }, () => {
  const lab = labForSuite();

  it('a device with screenrecord streams it; one without falls back to screencap; devices reports both with their measured rates', async () => {
    const recorder = await lab().open({ recordFps: 8, width: 360, height: 720, density: 160 });
    const bare = await lab().open({ screenrecord: false, width: 360, height: 720, density: 160 });
    assert.equal(recorder.device.status().frames?.path, 'screenrecord');
    const fallback = bare.device.status().frames;
    assert.equal(fallback?.path, 'screencap');
    assert.match(fallback?.reason ?? '', /not found/);
    assert.equal(fallback?.fps, null, 'no rate before it streamed');

    for (const { device } of [recorder, bare]) {
      const frames = await framesFor(device, 6);
      assert.ok(frames.length >= 6, `${device.status().frames?.path}: ${frames.length} frames`);
      const meta = await sharp((frames[0] as Frame).data).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 360, 720]);
      const fps = device.status().frames?.fps;
      assert.ok(typeof fps === 'number' && fps > 0, `measured ${fps} fps`);
    }
    assert.ok(bare.vd.device.commands.some((c) => c.argv[0] === 'screencap'));
    assert.equal(bare.vd.device.activeRecordings, 0);
  });

  it('devices carries battery, temperature and the helper state, within the wire schema', async () => {
    const { vd, device } = await lab().open({ sendeventAllowed: false });
    const status = device.status();
    assert.deepEqual(status.battery, { level: 85, temperatureC: 29.2, charging: true });
    assert.deepEqual(status.helpers?.map((h) => [h.name, h.state]), [['uiautomator2-server', 'running']]);
    assert.ok(DeviceStatusSchema.safeParse(status).success);
    const session = new DeviceSession(device);
    const descriptor = descriptorOf({ id: 'lab-android-1', bridge: device, session, touches: new TouchLog() });
    assert.ok(DeviceDescriptorSchema.safeParse(descriptor).success, JSON.stringify(descriptor.status));
    let announced = 0;
    device.onStatusChange = () => announced++;
    vd.device.battery.level = 40;
    await device.watchHealth();
    assert.equal(device.status().battery?.level, 40);
    assert.equal(announced, 1, 'a battery change is announced');
    await device.platformVerb('android.uninstall-helpers', {});
    assert.equal(device.status().helpers?.[0]?.state, 'removed');
    await session.close();
  });
});
