// Android bridge latency: observe (uiautomator dump + read + focused app, imported) and tap
// (motionevent DOWN + UP) through adbkit — what the bridge does — beside spawning the `adb`
// CLI for the very same device commands, both against a private adb server and the virtual
// device; then dump parse + outline time for the largest Android fixture beside a bare XML
// parse. Runs alternate between the two paths so machine load falls on both alike; medians
// and ratios are printed.
// Run: npx tsx bench/android.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { XMLParser } from 'fast-xml-parser';
import { cleanScreen } from '../core/clean/index.js';
import { tap } from '../core/gestures/index.js';
import { importScreen } from '../core/importers/index.js';
import { median } from '../core/lists/geometry.js';
import { detectLists } from '../core/lists/index.js';
import { buildSnapshot } from '../core/outline/build.js';
import { renderOutline } from '../core/outline/render.js';
import { Adb } from '../workers/bridges/android/adb/adbkit.js';
import { openAndroidDevice } from '../workers/bridges/android/open-device.js';
import { adbConnect, DEFAULT_FIXTURES_DIR, startAdbServer, startVirtualDevice } from '../workers/bridges/android/virtual/index.js';
import { admitTimeline } from '../core/wire/admitted-timeline.js';

const WARMUP = 3;
const RUNS = 20;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Alternating runs of two async paths; medians in ms. */
async function compare(a: () => Promise<unknown>, b: () => Promise<unknown>, runs = RUNS): Promise<[number, number]> {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    const x = await time(a);
    const y = await time(b);
    if (i >= WARMUP) {
      xs.push(x);
      ys.push(y);
    }
  }
  return [median(xs), median(ys)];
}

const server = await startAdbServer();
const vd = await startVirtualDevice();
try {
  if ((await adbConnect(vd.serial, server.port)) !== 'device') throw new Error('the virtual device did not come online');
  const client = Adb.createClient({ port: server.port });
  const device = await openAndroidDevice({ client, serial: vd.serial, ffmpegPath: null });
  const cli = (args: string[]) => server.adb(['-s', vd.serial, ...args]);
  const dumpPath = '/data/local/tmp/simlab_window_dump.xml';

  const echo = await compare(
    () => device.adb.run('echo hi'),
    () => cli(['shell', 'echo hi']),
  );
  const observe = await compare(
    () => device.describe(),
    async () => {
      const [, xml] = await cli(['shell', `uiautomator dump ${dumpPath}`]).then(async (r) => [r, await cli(['exec-out', `cat ${dumpPath}`])] as const);
      await cli(['shell', 'dumpsys window | grep -E "mCurrentFocus|mFocusedApp"']);
      importScreen(xml.stdout, { format: 'android-xml', scale: device.info.scale });
    },
  );
  const x = Math.round(20 * device.info.scale);
  const y = Math.round(20 * device.info.scale);
  // Both hold the finger down for the tap's 50 ms, on the same schedule.
  const hold = 50;
  const tapped = await compare(
    () => device.perform(admitTimeline(tap({ x: 20, y: 20 }, { holdMs: hold }), device.info.size)),
    async () => {
      const start = performance.now();
      await cli(['shell', `input motionevent DOWN ${x} ${y}`]);
      await sleep(Math.max(0, start + hold - performance.now()));
      await cli(['shell', `input motionevent UP ${x} ${y}`]);
    },
  );
  await device.close();

  const row = (name: string, [kit, adb]: [number, number]) =>
    console.log(`${name.padEnd(34)} ${kit.toFixed(2).padStart(10)} ${adb.toFixed(2).padStart(10)} ${(adb / kit).toFixed(1).padStart(8)}x`);
  console.log(`${'command (virtual device, private adb server)'.padEnd(34)} ${'adbkit ms'.padStart(10)} ${'adb CLI ms'.padStart(10)} ${'CLI/kit'.padStart(9)}`);
  row('shell echo', echo);
  row('observe (dump+read+focus+import)', observe);
  row('tap (DOWN, 50 ms hold, UP)', tapped);
  console.log(`${'tap beyond its 50 ms hold'.padEnd(34)} ${(tapped[0] - hold).toFixed(2).padStart(10)} ${(tapped[1] - hold).toFixed(2).padStart(10)} ${((tapped[1] - hold) / (tapped[0] - hold)).toFixed(1).padStart(8)}x`);
  console.log(`medians of ${RUNS} alternating runs after ${WARMUP} warm-up runs`);
} finally {
  await server.kill();
  await vd.close();
}

// The largest Android fixture: import + clean + lists + outline beside a bare XML parse.
const fixture = 'android/appium_twitter_home_feed.xml';
const text = readFileSync(join(DEFAULT_FIXTURES_DIR, fixture), 'utf8');
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
const parseMs: number[] = [];
const pipelineMs: number[] = [];
let lines = 0;
for (let i = 0; i < 5 + 25; i++) {
  const t0 = performance.now();
  xml.parse(text);
  const t1 = performance.now();
  const screen = cleanScreen(importScreen(text, { format: 'android-xml', scale: 560 / 160 }));
  lines = renderOutline(buildSnapshot(screen, { lists: detectLists })).split('\n').length;
  const t2 = performance.now();
  if (i >= 5) {
    parseMs.push(t1 - t0);
    pipelineMs.push(t2 - t1);
  }
}
console.log(`\n${fixture} (${(text.length / 1024).toFixed(0)} KiB, ${lines} outline lines): dump parse + outline ${median(pipelineMs).toFixed(2)} ms, bare XML parse ${median(parseMs).toFixed(2)} ms, ratio ${(median(pipelineMs) / median(parseMs)).toFixed(1)}x (medians of 25 runs)`);
