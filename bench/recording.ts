// What recording costs: the same scenario on the demo app (live feed on, a tab tapped every 2 s)
// run twice side by side on one web device: once with only the live frames subscribed (as a
// dashboard viewer would), once recorded through ffmpeg. Prints ffmpeg's CPU as a share of one
// core, the CPU of the whole (this process + Chromium) in both runs, and MB per minute of video.
// Run: npx tsx bench/recording.ts [--seconds 30]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { findFfmpeg } from '../workers/media/ffmpeg-path.js';
import { DeviceRecorder } from '../workers/recording/device-recorder.js';
import { DeviceSession } from '../workers/session/device-session.js';

const { values: opts } = parseArgs({ options: { seconds: { type: 'string', default: '30' } } });
const SECONDS = Number(opts.seconds);
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const TABS = ['#tab-search', '#tab-alerts', '#tab-settings', '#tab-home'];

/** Every process below this one, with its command name. */
function descendants(): Array<{ pid: number; comm: string }> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((r) => r.length >= 3)
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm: comm! }));
  const out: Array<{ pid: number; comm: string }> = [];
  const queue = [process.pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const r of rows.filter((row) => row.ppid === parent)) {
      out.push(r);
      queue.push(r.pid);
    }
  }
  return out;
}

/** CPU seconds a process has used (user + system). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function cpuBy(filter: (comm: string) => boolean): number {
  return descendants().filter((p) => filter(p.comm)).reduce((sum, p) => sum + cpuSeconds(p.pid), 0);
}

const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const ffmpeg = findFfmpeg();
if (!ffmpeg) throw new Error('no ffmpeg: set FFMPEG_PATH or install ffmpeg');
const server = await startDemoServer();
const device = await launchWebDevice({ url: server.url });
const session = new DeviceSession(device);

async function scenario(): Promise<void> {
  const until = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < until; i++) {
    await session.execute('tap', { target: TABS[i % TABS.length] });
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(2000, until - Date.now()))));
  }
}

async function run(recorded: boolean): Promise<{ wall: number; total: number; ffmpegCpu: number; bytes: number; frames: number }> {
  const own0 = ownCpu();
  const chrome0 = cpuBy((c) => c.includes('chrom'));
  let bytes = 0;
  let frames = 0;
  let ffmpegCpu = 0;
  const t0 = Date.now();
  const unsubscribe = device.frames(() => frames++);
  const recorder = recorded
    ? new DeviceRecorder('bench', device, ffmpeg!, { onPiece: (piece) => (bytes += piece.length), onEnd: () => undefined })
    : undefined;
  recorder?.start();
  await scenario();
  if (recorder) {
    // ffmpeg's own CPU just before it exits.
    ffmpegCpu = cpuBy((c) => c === 'ffmpeg');
    await recorder.stop();
  }
  unsubscribe();
  const wall = (Date.now() - t0) / 1000;
  const total = ownCpu() - own0 + (cpuBy((c) => c.includes('chrom')) - chrome0) + ffmpegCpu;
  return { wall, total, ffmpegCpu, bytes, frames };
}

try {
  await session.execute('outline', {});
  const plain = await run(false);
  const recorded = await run(true);
  const pct = (cpu: number, wall: number) => `${((cpu / wall) * 100).toFixed(1)}%`;
  console.log(`${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}; ${SECONDS} s per run, demo app with its live feed, a tab tapped every 2 s`);
  console.log(`                         unrecorded   recorded`);
  console.log(`frames from the device   ${String(plain.frames).padEnd(12)} ${recorded.frames}  (${(recorded.frames / recorded.wall).toFixed(1)} fps while recorded)`);
  console.log(`CPU, whole lab (1 core)  ${pct(plain.total, plain.wall).padEnd(12)} ${pct(recorded.total, recorded.wall)}`);
  console.log(`ffmpeg CPU (1 core)      -            ${pct(recorded.ffmpegCpu, recorded.wall)}  (goal <= 15%)`);
  console.log(`video MB per minute      -            ${((recorded.bytes / 1024 / 1024) * (60 / recorded.wall)).toFixed(2)}  (goal <= 5)`);
} finally {
  await session.close();
  await server.close();
}
