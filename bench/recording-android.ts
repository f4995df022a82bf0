// What recording an Android device costs this host, the two ways side by side, on a virtual
// device whose screen animates all the time (the worst case for size: every frame differs; a
// settings screen tapped open and back every 2 s on top): unrecorded (live frames only, as a
// dashboard viewer has them), recorded by copying screenrecord's H.264 into the MP4, and recorded
// by encoding the decoded frames again (the way every other platform records). Prints the
// recording ffmpeg's CPU as a share of one core, the live decoder's (there in every run), and the
// video's MB per minute. The virtual device's own encoder (a phone's hardware) is left out; the
// copied video's size is that encoder's (libx264, a key frame every second), not a phone's.
// Run: npx tsx bench/recording-android.ts [--seconds 30] [--fps 15] [--bit-rate 600k]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { DeviceBridge } from '../workers/bridge.js';
import { startAndroidLab } from '../workers/bridges/android/test-support/lab.js';
import { findFfmpeg } from '../workers/media/ffmpeg-path.js';
import { DeviceRecorder } from '../workers/recording/device-recorder.js';
import { DeviceSession } from '../workers/session/device-session.js';

const { values: opts } = parseArgs({ options: { seconds: { type: 'string', default: '30' }, fps: { type: 'string', default: '15' }, 'bit-rate': { type: 'string' } } });
const SECONDS = Number(opts.seconds);
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** A 720 x 1440 px phone at 320 dpi: 360 x 720 points. */
const SCREEN = { width: 720, height: 1440, density: 320, recordFps: Number(opts.fps) };

/** CPU seconds (user + system) of this process's ffmpeg descendants whose command line matches. */
function ffmpegCpu(match: string): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((r) => r.length === 2);
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) if (mine.has(ppid!) && !mine.has(pid!)) grew = mine.add(pid!).size > 0;
  }
  let sum = 0;
  for (const pid of mine) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.startsWith('ffmpeg') && !cmd.includes('/ffmpeg')) continue;
      if (!cmd.includes(match)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      sum += (Number(fields[11]) + Number(fields[12])) / TICKS;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return sum;
}

const ffmpeg = findFfmpeg();
if (!ffmpeg) throw new Error('no ffmpeg: set FFMPEG_PATH or install ffmpeg');
const lab = await startAndroidLab();

interface Run {
  wall: number;
  recorderCpu: number;
  decoderCpu: number;
  bytes: number;
  liveFrames: number;
  way: string;
}

/** The device's bridge without its H.264: the recorder encodes frames, as it does where it cannot copy. */
const withoutH264 = (bridge: DeviceBridge): DeviceBridge =>
  new Proxy(bridge, { get: (target, property) => (property === 'h264' ? undefined : (Reflect.get(target, property, target) as unknown)) });

async function run(way: 'unrecorded' | 'copy' | 'encode'): Promise<Run> {
  // A device of its own per run: each starts with no encoder and no decoder running.
  const { vd, device } = await lab.open(SCREEN, opts['bit-rate'] ? { copiedBitRate: opts['bit-rate'] } : {});
  const session = new DeviceSession(device);
  await session.execute('outline', {});
  vd.device.animate((SECONDS + 30) * 1000);
  let bytes = 0;
  let liveFrames = 0;
  let facts = '';
  const unsubscribe = device.frames(() => liveFrames++);
  const bridge = way === 'encode' ? withoutH264(device) : device;
  const recorder =
    way === 'unrecorded'
      ? undefined
      : new DeviceRecorder(way, bridge, ffmpeg!, {
          onPiece: (piece, _kind, first) => {
            bytes += piece.length;
            if (first) facts = `${first.facts.video}, ${first.facts.size.width}x${first.facts.size.height} px`;
          },
          onEnd: () => undefined,
        });
  recorder?.start();
  const t0 = Date.now();
  for (let i = 0; Date.now() - t0 < SECONDS * 1000; i++) {
    await session.execute(i % 2 === 0 ? 'tap' : 'button', i % 2 === 0 ? { target: 'text="Network & internet"' } : { button: 'back' });
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(2000, SECONDS * 1000 - (Date.now() - t0)))));
  }
  const wall = (Date.now() - t0) / 1000;
  // Just before they exit: the recording's ffmpeg reads Matroska, the live decoder writes MJPEG
  // (the virtual device's own encoder reads PNGs and writes H.264: it matches neither).
  const recorderCpu = ffmpegCpu('matroska');
  const decoderCpu = ffmpegCpu('mjpeg');
  await recorder?.stop();
  unsubscribe();
  await session.close();
  return { wall, recorderCpu, decoderCpu, bytes, liveFrames, way: facts || way };
}

try {
  const runs = { unrecorded: await run('unrecorded'), copy: await run('copy'), encode: await run('encode') };
  const pct = (cpu: number, wall: number) => `${((cpu / wall) * 100).toFixed(1)}%`;
  const mbMin = (r: Run) => ((r.bytes / 1024 / 1024) * (60 / r.wall)).toFixed(2);
  const col = (s: string) => s.padEnd(24);
  console.log(`${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}; ${SECONDS} s per run; virtual ${SCREEN.width}x${SCREEN.height} px screen animating at ${SCREEN.recordFps} fps, a tap or back every 2 s; copied at --bit-rate ${opts['bit-rate'] ?? '600k (default)'}`);
  console.log(`                              ${col('unrecorded')}${col('copy')}${col('encode')}`);
  console.log(`video                         ${col('-')}${col(runs.copy.way)}${runs.encode.way}`);
  console.log(`live frames a second          ${col((runs.unrecorded.liveFrames / runs.unrecorded.wall).toFixed(1))}${col((runs.copy.liveFrames / runs.copy.wall).toFixed(1))}${(runs.encode.liveFrames / runs.encode.wall).toFixed(1)}`);
  console.log(`recording ffmpeg CPU (1 core) ${col('-')}${col(pct(runs.copy.recorderCpu, runs.copy.wall))}${pct(runs.encode.recorderCpu, runs.encode.wall)}  (goal <= 15%)`);
  console.log(`live decoder CPU (1 core)     ${col(pct(runs.unrecorded.decoderCpu, runs.unrecorded.wall))}${col(pct(runs.copy.decoderCpu, runs.copy.wall))}${pct(runs.encode.decoderCpu, runs.encode.wall)}`);
  console.log(`video MB per minute           ${col('-')}${col(mbMin(runs.copy))}${mbMin(runs.encode)}  (goal <= 5)`);
} finally {
  await lab.close();
}
