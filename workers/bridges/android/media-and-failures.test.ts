// Screenshots and the live stream from the virtual device, and a device that goes away.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { SimlabError } from '../../../core/contract/index.js';
import { tap } from '../../../core/gestures/index.js';
import type { Frame } from '../../bridge.js';
import { DeviceSession } from '../../session/device-session.js';
import { labForSuite } from './test-support/lab.js';
import { admitTimeline } from '../../../core/wire/admitted-timeline.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';

async function caught(promise: Promise<unknown>): Promise<SimlabError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  assert.ok(err instanceof SimlabError, `expected a SimlabError, got ${String(err)}`);
  return err;
}

describe('Android screenshots, frames and failures (real adb server, adbkit)', { skip: withoutFixtures() }, () => {
  const lab = labForSuite();

  it('screenshots decode at the size in points, scaled and cropped', async () => {
    const { device } = await lab().open();
    const whole = await device.screenshot();
    const meta = await sharp(whole.data).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, Math.round(1080 / 2.75));
    assert.equal(meta.height, Math.round(2088 / 2.75));
    assert.deepEqual([whole.width, whole.height], [meta.width, meta.height]);
    const crop = await device.screenshot({ crop: { x: 10, y: 20, w: 100, h: 50 }, scale: 2, format: 'png' });
    const cropMeta = await sharp(crop.data).metadata();
    assert.deepEqual([cropMeta.format, cropMeta.width, cropMeta.height], ['png', 200, 100]);
    assert.deepEqual(crop.origin, { x: 10, y: 20 });
    assert.equal((await caught(device.screenshot({ crop: { x: 5000, y: 0, w: 10, h: 10 } }))).code, 'INVALID_ARGS');
  });

  it('streams decodable JPEG frames from screenrecord and carries on across its time limit', async () => {
    // A small screen: three recordings overlap at a 2 s limit, each encoding and decoding on this host.
    const { vd, device } = await lab().open({ recordFps: 8, width: 360, height: 720, density: 160 }, { recordTimeLimitS: 2 });
    const frames: Frame[] = [];
    const stop = device.frames((f) => frames.push(f));
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (frames.length < 3 || vd.device.activeRecordings === 0)) await new Promise((r) => setTimeout(r, 100));
    const early = frames.length;
    // Past the 2 s limit the next recording has taken over: frames keep coming.
    await new Promise((r) => setTimeout(r, 3500));
    stop();
    assert.ok(early >= 3, `${early} frames`);
    assert.ok(frames.length > early, `frames after the time limit: ${frames.length - early}`);
    const recordings = vd.device.commands.filter((c) => c.argv[0] === 'screenrecord');
    assert.ok(recordings.length >= 2, `screenrecord ran ${recordings.length} time(s)`);
    assert.ok(recordings.every((c) => c.argv.includes('--output-format=h264') && c.argv.includes('--time-limit')));
    for (const f of frames.slice(0, 3)) {
      const meta = await sharp(f.data).metadata();
      assert.equal(meta.format, 'jpeg');
      assert.equal(meta.width, 360);
    }
    const deadlineStop = Date.now() + 5000;
    while (vd.device.activeRecordings > 0 && Date.now() < deadlineStop) await new Promise((r) => setTimeout(r, 50));
    assert.equal(vd.device.activeRecordings, 0, 'unsubscribing stops screenrecord on the device');
  });

  it('a device that drops mid-tap: DEVICE_UNAVAILABLE, delivery uncertain', async () => {
    const { vd, device } = await lab().open();
    vd.device.dropOnCommand = 'input';
    const err = await caught(device.perform(admitTimeline(tap({ x: 100, y: 100 }), device.info.size)));
    assert.equal(err.code, 'DEVICE_UNAVAILABLE');
    assert.equal(err.options.delivery, 'delivery_uncertain');
    assert.equal(err.toBody().disposition.retry, 'unsafe');

    // The same through the session: the tap by selector is answered with an honest disposition.
    const other = await lab().open();
    const session = new DeviceSession(other.device);
    other.vd.device.dropOnCommand = 'input';
    const env = await session.execute('tap', { target: 'text="Network & internet"' });
    assert.equal(env.ok, false);
    if (!env.ok) {
      assert.equal(env.error.code, 'DEVICE_UNAVAILABLE');
      assert.deepEqual(env.error.disposition, { delivery: 'delivery_uncertain', retry: 'unsafe' });
    }
    await session.close();
  });

  it('a device that is gone before the command: DEVICE_UNAVAILABLE, not delivered, safe to retry', async () => {
    const { vd, device } = await lab().open();
    const session = new DeviceSession(device);
    await vd.close();
    const env = await session.execute('tap', { target: { x: 100, y: 100 } });
    assert.equal(env.ok, false);
    if (env.ok) return;
    assert.equal(env.error.code, 'DEVICE_UNAVAILABLE');
    assert.deepEqual(env.error.disposition, { delivery: 'not_delivered', retry: 'safe' });
    const direct = await caught(device.perform(admitTimeline(tap({ x: 100, y: 100 }), device.info.size)));
    assert.equal(direct.code, 'DEVICE_UNAVAILABLE');
    assert.equal(direct.options.delivery, 'not_delivered');
    await session.close();
  });

  it('retries uiautomator\'s known failures, then says the app is unresponsive', async () => {
    const { vd, device } = await lab().open();
    vd.device.dumpFailures.push('idle', 'null-root');
    const screen = await device.describe();
    assert.ok(screen.root.children.length > 0);
    assert.equal(vd.device.dumpFailures.length, 0);
    vd.device.dumpFailures.push('idle', 'idle', 'idle', 'idle', 'idle');
    const err = await caught(device.describe());
    assert.equal(err.code, 'APP_UNRESPONSIVE');
    assert.match(err.message, /could not get idle state/);
    assert.equal(err.options.delivery, 'not_delivered');
    vd.device.dumpFailures.length = 0;
  });
});
