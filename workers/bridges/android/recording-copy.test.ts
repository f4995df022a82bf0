// Recording an Android device by copying screenrecord's own H.264 into the fragmented MP4: read
// back by ffprobe and ffmpeg, across screenrecord's restarts at its time limit, with actions
// placed in the video, a recorder killed mid-way, and the way back to encoding frames.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { RecordingFacts } from '../../../core/wire/recording-protocol.js';
import { findFfmpeg } from '../../media/ffmpeg-path.js';
import { DeviceRecorder } from '../../recording/device-recorder.js';
import { DeviceSession } from '../../session/device-session.js';
import type { AndroidDevice } from './android-device.js';
import { barFraction, unwrap } from './test-support/device-clock.js';
import { labForSuite } from './test-support/lab.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';
import { decodeSmallFrames, firstSettledFrame } from '../../../test/support/video-probe.js';

const FPS = 10;
/** The bars read back to the device's clock within a pixel or two (1000 / 540 ms each) either way. */
const READ_MS = 10;
/** 540 x 960 pixels at 240 dpi: 360 x 640 points. */
const SCREEN = { recordFps: FPS, width: 540, height: 960, density: 240 };
const ffmpeg = findFfmpeg();
const dir = mkdtempSync(join(tmpdir(), 'simlab-copy-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Recorded {
  file: string;
  startedAt: number;
  facts: RecordingFacts;
  stoppedAt: number;
}

/** Records `device` while `during` runs, then stops; the pieces concatenated are the file. */
async function record(device: AndroidDevice, name: string, during: (recorder: DeviceRecorder) => Promise<void>): Promise<Recorded> {
  const pieces: Buffer[] = [];
  let first: { startedAt: number; facts: RecordingFacts } | undefined;
  let ended: string | null | undefined;
  const recorder = new DeviceRecorder(name, device, ffmpeg!, {
    onPiece: (piece, _kind, f) => {
      pieces.push(piece);
      first ??= f;
    },
    onEnd: (error) => (ended = error),
  });
  recorder.start();
  await during(recorder);
  const stoppedAt = Date.now();
  await recorder.stop();
  assert.equal(ended, null, 'the recording ended cleanly');
  assert.ok(first, 'the first piece said when the video starts and how it is made');
  const file = join(dir, `${name}.mp4`);
  writeFileSync(file, Buffer.concat(pieces));
  return { file, startedAt: first.startedAt, facts: first.facts, stoppedAt };
}

/** ffprobe's duration, size and every frame's time (s); and whatever ffmpeg says while decoding it all. */
function probe(file: string): { duration: number; width: number; height: number; codec: string; times: number[]; decodeErrors: string } {
  const format = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height', '-of', 'json', file], { encoding: 'utf8' })) as {
    format: { duration: string };
    streams: Array<{ codec_name: string; width: number; height: number }>;
  };
  const frames = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  const decode = spawnSyncStderr(['-v', 'error', '-i', file, '-f', 'null', '-']);
  const stream = format.streams[0]!;
  return {
    duration: Number(format.format.duration),
    width: stream.width,
    height: stream.height,
    codec: stream.codec_name,
    times: frames.split('\n').map((l) => l.split(',')[0]!.trim()).filter((l) => l !== '').map(Number),
    decodeErrors: decode,
  };
}

function spawnSyncStderr(args: string[]): string {
  try {
    execFileSync('ffmpeg', args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    return '';
  } catch (err) {
    return String((err as { stderr?: string }).stderr ?? err);
  }
}

/** The device time each frame of the video shows (the animation's bars, read off a strip of rows around them). */
function videoClock(file: string, width: number, height: number): number[] {
  const top = Math.round(height / 2);
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-fps_mode', 'passthrough', '-vf', `crop=${width}:48:0:${top}`, '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'], { maxBuffer: 256 * 1024 * 1024 });
  const size = width * 48 * 3;
  const times: number[] = [];
  for (let i = 0; i + size <= raw.length; i += size) {
    const strip = raw.subarray(i, i + size);
    const info = { width, channels: 3 };
    times.push(Math.round(barFraction(strip, info, 32) * 10) * 1000 + barFraction(strip, info, 8) * 1000);
  }
  return unwrap(times);
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('Android recordings copy screenrecord\'s H.264', { skip: withoutFixtures() || (!ffmpeg && 'no ffmpeg') }, () => {
  const lab = labForSuite();

  it('copies the device\'s H.264 across screenrecord\'s restarts: ffprobe reads the duration and real frame times, each frame shown once, in device pixels', async () => {
    // A 4 s limit: the next stream starts 2 s before it, time enough to be streaming on a busy host.
    const { vd, device } = await lab().open(SCREEN, { recordTimeLimitS: 4 });
    vd.device.animate(120_000);
    const rec = await record(device, 'copied', () => pause(9000));
    const p = probe(rec.file);
    assert.deepEqual(rec.facts, { video: 'copy', reason: rec.facts.reason, size: { width: 540, height: 960 }, screen: { width: 360, height: 640 } });
    assert.equal(p.codec, 'h264');
    assert.deepEqual([p.width, p.height], [540, 960], 'the video is in the device\'s pixels');
    // Streams, not the one-second probe the bridge ran at open.
    const screenrecords = vd.device.commands.filter((c) => c.argv[0] === 'screenrecord' && c.argv.includes('--bit-rate'));
    assert.ok(screenrecords.length >= 3, `screenrecord ran ${screenrecords.length} times: the video joins several of its streams`);
    assert.ok(screenrecords.every((c) => c.argv.join(' ').includes('--bit-rate 600k')), `copied streams are asked for 600 kbit/s (at most 4.5 MB a minute): ${screenrecords.map((c) => c.argv.join(' ')).join('; ')}`);
    assert.equal(p.decodeErrors, '', 'every frame decodes, across the joins');
    const expected = (rec.stoppedAt - rec.startedAt) / 1000;
    assert.ok(Math.abs(p.duration - expected) < 0.5, `duration ${p.duration} s, expected about ${expected} s`);
    const gaps = p.times.slice(1).map((t, i) => Math.round((t - p.times[i]!) * 1000));
    assert.ok(gaps.every((g) => g > 0), 'frame times strictly increase');
    assert.ok(new Set(gaps).size > 3, `times as they came (variable): ${[...new Set(gaps)].slice(0, 10).join(',')} ms`);
    // What each frame shows: each stream draws a frame every 1000 / FPS ms of the device's clock,
    // however late this busy host gets it, so inside a stream every step is one frame: each frame
    // is in the video once. (Not a frame count against the wall clock: how many frames a second
    // the virtual device draws on a busy host is bench/recording-android.ts's figure.) Any other
    // step is a join, where the copy starts the new stream at its first unit, the key frame: it
    // steps back by how much later that comes after the moment it shows than the old stream's
    // frames do (its encoder starts), or on when the old stream runs behind by more than that on
    // a busy host (seen: 100 to 400 ms back at load 15; 207 ms on at load 4); never a second.
    const shown = videoClock(rec.file, 540, 960);
    const steps = shown.slice(1).map((t, i) => Math.round(t - shown[i]!));
    const joins = steps.filter((s) => Math.abs(s - 1000 / FPS) > READ_MS);
    assert.ok(joins.length < screenrecords.length, `${joins.length} steps of other than a frame across ${screenrecords.length - 1} joins: ${steps.join(' ')}`);
    assert.ok(joins.every((s) => Math.abs(s) < 1000), `a join moved the device clock by ${joins.join(', ')} ms: ${steps.join(' ')}`);
  });

  it('places an action in the copied video: its settled frame is within 100 ms of the first frame of the video that shows its change', async () => {
    const { vd, device } = await lab().open(SCREEN);
    const session = new DeviceSession(device);
    await session.execute('outline', {});
    let media: Awaited<ReturnType<DeviceRecorder['framesOf']>>;
    const rec = await record(device, 'action', async (recorder) => {
      await pause(1500);
      const startedAt = Date.now();
      await session.execute('tap', { target: 'text="Network & internet"' });
      assert.equal(vd.device.graph.screenId, 'network', 'the tap changed the screen');
      // The tap ends when the tree shows the new screen; the virtual device's pixels can come later
      // on a busy host (it draws and encodes on this host's CPU): the action is taken to end once
      // they have had time to, as a phone's would.
      await pause(800);
      media = await recorder.framesOf(startedAt, Date.now());
      await pause(1000);
    });
    await session.close();
    const placed = media;
    assert.ok(placed && placed.settledMs !== undefined, `the action has a settled frame: ${JSON.stringify({ ...placed, before: placed?.before?.length, after: placed?.after?.length })}`);
    const p = probe(rec.file);
    const frames = decodeSmallFrames(rec.file, 36, 64);
    assert.equal(frames.length, p.times.length);
    const before = p.times.findLastIndex((t) => t * 1000 <= placed.startMs);
    const last = p.times.findLastIndex((t) => t * 1000 <= placed.endMs);
    const changed = firstSettledFrame(frames, before, last);
    assert.ok(changed > before, 'the video shows the change');
    const changedMs = p.times[changed]! * 1000;
    assert.ok(Math.abs(changedMs - placed.settledMs) <= 100, `settled at ${placed.settledMs} ms, first settled frame of the video at ${changedMs} ms`);
  });

  it('a recorder SIGKILLed mid-recording leaves an MP4 that plays to within 1 s of the kill', async () => {
    const file = join(dir, 'killed.mp4');
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'test-support/record-to-file.ts'), file], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const deadline = Date.now() + 60_000;
      while (!/started (\d+) (\w+)/.test(out) && Date.now() < deadline && child.exitCode === null) await pause(100);
      const [, startedAt, way] = /started (\d+) (\w+)/.exec(out) ?? [];
      assert.ok(startedAt, `the recorder started: ${out}`);
      assert.equal(way, 'copy');
      // Past a restart of screenrecord (3 s limit), then killed without a chance to finish.
      await pause(5000);
      const killedAt = Date.now();
      process.kill(child.pid!, 'SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const p = probe(file);
      assert.equal(p.codec, 'h264');
      assert.equal(p.decodeErrors, '');
      const expected = (killedAt - Number(startedAt)) / 1000;
      assert.ok(p.duration > expected - 1 && p.duration <= expected + 0.1, `plays ${p.duration} s of the ${expected} s before the kill`);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    }
  });

  it('encodes the frames instead where they do not come from screenrecord, and says so', async () => {
    const { device } = await lab().open({ ...SCREEN, screenrecord: false });
    const rec = await record(device, 'encoded', () => pause(2500));
    assert.equal(rec.facts.video, 'encode');
    assert.match(rec.facts.reason, /screenrecord/);
    const p = probe(rec.file);
    assert.equal(p.codec, 'h264');
    assert.deepEqual([p.width, p.height], [360, 640], 'encoded frames are in points');
    assert.ok(p.duration > 1, `duration ${p.duration} s`);
    assert.equal(readFileSync(rec.file).subarray(4, 8).toString('latin1'), 'ftyp');
  });
});
