// A stream longer than screenrecord's time limit: the virtual device's limit is cut to seconds,
// its screen animates (bars whose lengths are the device clock's milliseconds and seconds), and
// every delivered frame is read back to the device time it shows. Each recording draws its frames
// at its own instants on the display's steady clock, so inside one recording every step is one
// frame interval; across each restart of screenrecord no step may be longer (a missing moment),
// and the join may repeat a moment or two, never a second (see REPEAT_MS). And a recording
// whose frames stop by themselves ends saying so (here: the device goes away under the recorder;
// test/recording-ends-early.test.ts: screenrecord refusing, through the hub).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame } from '../../bridge.js';
import { findFfmpeg } from '../../media/ffmpeg-path.js';
import { DeviceRecorder } from '../../recording/device-recorder.js';
import { frameTime, unwrap } from './test-support/device-clock.js';
import { labForSuite } from './test-support/lab.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';

const FPS = 5;
const INTERVAL_MS = 1000 / FPS;
/** One pixel of the bar is 1000 / 360 ms; JPEG edges blur a pixel or two either way. */
const READ_MS = 10;
const LIMIT_S = 5;
/**
 * The most a join may step back. The newcomer takes over at the frames it decoded around the
 * last one shown, aligned by when the two decoders put them out: as far apart as their lags
 * differ, which is under a frame on a quiet host and was 300 ms (a frame and a half) on a busy
 * one. Taking over at the newcomer's first frame instead repeats its whole warm-up (the 2.5 s
 * overlap here), so a bound of a second still tells the two apart.
 */
const REPEAT_MS = 1000;

describe('a stream longer than screenrecord\'s time limit', { skip: withoutFixtures() }, () => {
  const lab = labForSuite();

  it('joins the recordings with no gap longer than one frame and less than a second repeated', async () => {
    const { vd, device } = await lab().open({ recordFps: FPS, width: 360, height: 720, density: 160 }, { recordTimeLimitS: LIMIT_S });
    vd.device.animate(120_000);
    const frames: Frame[] = [];
    const stop = device.frames((frame) => frames.push(frame));
    await new Promise((r) => setTimeout(r, LIMIT_S * 3000));
    stop();
    const recordings = vd.device.commands.filter((c) => c.argv[0] === 'screenrecord').length;
    assert.ok(recordings >= 3, `screenrecord ran ${recordings} times`);
    const times = unwrap(await Promise.all(frames.map((frame) => frameTime(frame.data))));
    const steps = times.slice(1).map((t, i) => Math.round(t - (times[i] as number)));
    assert.ok(frames.length >= LIMIT_S * FPS * 2, `${frames.length} frames`);
    assert.ok(Math.max(...steps) <= INTERVAL_MS + READ_MS, `largest step ${Math.max(...steps)} ms (one frame is ${INTERVAL_MS} ms): ${steps.join(' ')}`);
    assert.ok(Math.min(...steps) > -REPEAT_MS, `a join repeated ${-Math.min(...steps)} ms: ${steps.join(' ')}`);
    // One recording's frames reach the stream at a time: it steps back at most once a join.
    const back = steps.filter((s) => s < 0).length;
    assert.ok(back < recordings, `${back} steps back across ${recordings - 1} joins: ${steps.join(' ')}`);
  });
});

describe('a recording whose frames stop before it was asked to end', { skip: withoutFixtures() || (findFfmpeg() ? false : 'needs ffmpeg') }, () => {
  const lab = labForSuite();

  it('a device that goes away ends a recorder on its frames saying so', async () => {
    const { vd, device } = await lab().open({ recordFps: FPS, width: 360, height: 720, density: 160 }, { recordTimeLimitS: 3 });
    const ended = new Promise<string | null>((resolve) => {
      const recorder = new DeviceRecorder('rec_gone', device, findFfmpeg() as string, { onPiece: () => undefined, onEnd: resolve });
      recorder.start();
    });
    vd.device.animate(60_000);
    await new Promise((r) => setTimeout(r, 1000));
    vd.setReachable(false);
    let timer: NodeJS.Timeout | undefined;
    const error = await Promise.race([ended, new Promise<string>((r) => (timer = setTimeout(() => r('still recording after 20 s'), 20_000)))]);
    clearTimeout(timer);
    assert.match(error ?? 'a clean stop', /^ended early: the device's frames stopped \(screenrecord: screenrecord could not start: the Android device .* is not reachable/);
    vd.setReachable(true);
  });
});
