// Android settling, side by side in one run: the device session on two virtual devices (real adb
// server, adbkit, uiautomator dumps) that differ only in what `dumpsys gfxinfo <pkg> framestats`
// lists: the app's frames (settled by frame evidence, issue 12) or none (an app drawing without
// hwui: the 250 ms quiet window decides, as every app did before). Runs alternate between them
// so both see the same machine load. Measured: observe (already still), a key that changes
// nothing, and a tap that opens another screen (then back). The virtual device answers
// commands in a few ms, so the figures are settling's own cost, not a phone's.
// Run: npx tsx bench/android-settle.ts
import { execSync } from 'node:child_process';
import type { Envelope } from '../core/contract/envelope.js';
import { startAndroidLab } from '../workers/bridges/android/test-support/lab.js';
import { DeviceSession } from '../workers/session/index.js';
import { withoutFixtures } from '../test/support/fixtures.js';

const RUNS = 12;
const KINDS = ['frames', 'quiet'] as const;
type Kind = (typeof KINDS)[number];

const skip = withoutFixtures();
if (skip) {
  console.log(`skipped: ${skip}`);
  process.exit(0);
}

function must(env: Envelope): void {
  if (!env.ok) throw new Error(`session error: ${JSON.stringify(env.error)}`);
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log(`load: ${execSync('uptime').toString().trim()}`);
const lab = await startAndroidLab();
try {
  const sessions = {} as Record<Kind, DeviceSession>;
  for (const kind of KINDS) sessions[kind] = new DeviceSession((await lab.open({ hwuiFrames: kind === 'frames' })).device);
  const by = Object.fromEntries(KINDS.map((k) => [k, { observe: [] as number[], key: [] as number[], open: [] as number[] }])) as Record<Kind, Record<'observe' | 'key' | 'open', number[]>>;
  for (const kind of KINDS) must(await sessions[kind].execute('outline', {}));
  for (let i = 0; i < RUNS; i++) {
    for (const kind of i % 2 === 0 ? KINDS : [...KINDS].reverse()) {
      const s = sessions[kind];
      by[kind].observe.push(await timed(async () => must(await s.execute('outline', {}))));
      by[kind].key.push(await timed(async () => must(await s.execute('key', { key: 'Tab' }))));
      by[kind].open.push(await timed(async () => must(await s.execute('tap', { target: 'text="Network & internet"' }))));
      must(await s.execute('button', { button: 'back' }));
    }
  }
  console.log(`device session on the virtual Android device (Settings), ${RUNS} runs of each, medians`);
  console.log(`                               quiet window (no frames)   by the app's frames   frames/quiet`);
  for (const [key, name] of [['observe', 'observe (already still)'], ['key', 'key, no change'], ['open', 'tap, opens a screen']] as const) {
    const q = median(by.quiet[key]);
    const f = median(by.frames[key]);
    console.log(`${name.padEnd(30)} ${q.toFixed(0).padStart(8)} ms ${f.toFixed(0).padStart(20)} ms ${(f / q).toFixed(2).padStart(13)}x`);
  }
  for (const kind of KINDS) await sessions[kind].close();
} finally {
  await lab.close();
  console.log(`load: ${execSync('uptime').toString().trim()}`);
}
