// The device session on the web device and the demo feed, measured side by side in one run:
// - observe latency (screen already still) and act latency through DeviceSession.execute,
//   beside the raw CDP Accessibility.getFullAXTree call on the same page as the reference;
// - outline bytes beside the raw CDP tree's JSON bytes;
// - screencast frames per second while the feed scrolls.
// Run: npx tsx bench/web-session.ts
import type { Envelope } from '../core/contract/envelope.js';
import { swipe } from '../core/gestures/index.js';
import type { Frame } from '../workers/bridge.js';
import { launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { DeviceSession } from '../workers/session/index.js';
import { pageOf } from '../workers/session/test-support/demo-page.js';

const RUNS = 30;
const ACT_RUNS = 15;

interface Stats {
  median: number;
  p90: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p90: at(0.9) };
}

async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<Stats> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return stats(out);
}

function must<T>(env: Envelope): T {
  if (!env.ok) throw new Error(`session error: ${JSON.stringify(env.error)}`);
  return env.data as T;
}

const fmt = (s: Stats) => `median ${s.median.toFixed(1).padStart(7)} ms   p90 ${s.p90.toFixed(1).padStart(7)} ms`;

const demo = await startDemoServer();
const device = await launchWebDevice({ url: `${demo.url}?live=off#/home` });
const session = new DeviceSession(device);
try {
  const page = pageOf(device);
  // A second CDP session on the very same page: the raw call every observation is built on.
  const cdp = await page.context().newCDPSession(page);
  const rawTree = () => cdp.send('Accessibility.getFullAXTree');

  for (let i = 0; i < 3; i++) {
    must(await session.execute('outline', {}));
    await rawTree();
  }
  // Interleaved, so both see the same machine load.
  const observeMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    must(await session.execute('outline', {}));
    observeMs.push(performance.now() - t);
    t = performance.now();
    await rawTree();
    rawMs.push(performance.now() - t);
  }
  const observe = stats(observeMs);
  const raw = stats(rawMs);

  // Act: a tap that changes nothing (the selected tab), and a tap that changes the screen.
  const actSame = await time(ACT_RUNS, () => session.execute('tap', { target: 'role=Tab[label="Home"]' }).then(must));
  const actNavigate = await time(ACT_RUNS, (i) => session.execute('tap', { target: `role=Tab[label="${i % 2 ? 'Home' : 'Alerts'}"]` }).then(must));
  must(await session.execute('tap', { target: 'role=Tab[label="Home"]' }));

  // Bytes: the outline an agent reads beside the raw tree it is made from.
  const text = must<{ outline: string }>(await session.execute('outline', {})).outline;
  const json = JSON.stringify(must<{ outline: unknown }>(await session.execute('outline', { format: 'json' })).outline);
  const rawBytes = Buffer.byteLength(JSON.stringify(await rawTree()));
  const textBytes = Buffer.byteLength(text);
  const jsonBytes = Buffer.byteLength(json);

  // Frames while the feed scrolls: slow swipes back and forth, frames counted during them.
  let frames = 0;
  const stop = device.frames((_f: Frame) => {
    frames++;
  });
  await new Promise((r) => setTimeout(r, 300));
  frames = 0;
  const started = performance.now();
  for (let i = 0; i < 6; i++) {
    await device.perform(i % 2 === 0 ? swipe({ x: 195, y: 650 }, { x: 195, y: 250 }, 500) : swipe({ x: 195, y: 250 }, { x: 195, y: 650 }, 500));
  }
  const seconds = (performance.now() - started) / 1000;
  stop();
  const fps = frames / seconds;

  console.log(`device session on the web device (demo feed, 390x844 @3x), ${RUNS} observations, ${ACT_RUNS} actions each`);
  console.log(`observe (already still)   ${fmt(observe)}`);
  console.log(`raw CDP getFullAXTree     ${fmt(raw)}`);
  console.log(`act: tap, no change       ${fmt(actSame)}`);
  console.log(`act: tap, screen changes  ${fmt(actNavigate)}`);
  console.log(`ratio observe / raw tree: median ${(observe.median / raw.median).toFixed(1)}x, p90 ${(observe.p90 / raw.p90).toFixed(1)}x`);
  console.log(`ratio act (no change) / raw tree: median ${(actSame.median / raw.median).toFixed(1)}x`);
  console.log(`outline text ${textBytes} B, outline JSON ${jsonBytes} B, raw CDP tree JSON ${rawBytes} B`);
  console.log(`ratio raw tree / outline text: ${(rawBytes / textBytes).toFixed(1)}x; raw tree / outline JSON: ${(rawBytes / jsonBytes).toFixed(1)}x`);
  console.log(`screencast while scrolling: ${frames} frames in ${seconds.toFixed(2)} s = ${fps.toFixed(1)} fps`);
} finally {
  await session.close();
  await demo.close();
}
