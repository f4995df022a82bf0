// The web device bridge on the demo app: describe() beside the raw CDP calls it is built on,
// hit-test latency, and screencast frames per second while the feed scrolls.
// Run: node --import tsx bench/web-bridge.ts
import { chromium } from 'playwright-core';
import { swipe } from '../core/gestures/index.js';
import { findChromium, launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { admitTimeline } from '../core/wire/admitted-timeline.js';

const RUNS = 30;

function stats(samples: number[]): { median: number; p90: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p90: at(0.9) };
}
async function time(runs: number, fn: () => Promise<unknown>): Promise<{ median: number; p90: number }> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return stats(out);
}
const fmt = (s: { median: number; p90: number }) => `median ${s.median.toFixed(1)} ms, p90 ${s.p90.toFixed(1)} ms`;

const demo = await startDemoServer();
const url = `${demo.url}?live=off#/home`;
const device = await launchWebDevice({ url });
// The reference: the same page in a plain Playwright Chromium, raw CDP calls only.
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url);
  await device.waitForStill();

  const screen = await device.describe();
  let nodes = 0;
  const count = (n: typeof screen.root): void => {
    nodes++;
    n.children.forEach(count);
  };
  count(screen.root);
  const rawAx = (await cdp.send('Accessibility.getFullAXTree', {})) as { nodes: unknown[] };
  await time(3, () => device.describe());

  const ax = await time(RUNS, () => cdp.send('Accessibility.getFullAXTree', {}));
  const snap = await time(RUNS, () => cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: ['overflow-x', 'overflow-y', 'position'], includeDOMRects: true }));
  const desc = await time(RUNS, () => device.describe());
  const still = await time(RUNS, () => device.waitForStill());
  const hit = await time(RUNS, () => device.hitTest({ x: 60, y: 116 }));
  console.log(`raw CDP getFullAXTree (${rawAx.nodes.length} AX nodes): ${fmt(ax)}`);
  console.log(`raw CDP DOMSnapshot.captureSnapshot: ${fmt(snap)}`);
  console.log(`describe() (${nodes} model nodes): ${fmt(desc)}  = ${(desc.median / ax.median).toFixed(2)}x getFullAXTree`);
  console.log(`waitForStill() on a still page: ${fmt(still)}`);
  console.log(`hitTest(): ${fmt(hit)}`);

  let frames = 0;
  const stop = device.frames(() => frames++);
  await new Promise((r) => setTimeout(r, 300));
  frames = 0;
  const t0 = performance.now();
  for (let i = 0; i < 4; i++) {
    await device.perform(admitTimeline(swipe({ x: 200, y: 700 }, { x: 200, y: 300 }, 400), device.info.size));
    await device.perform(admitTimeline(swipe({ x: 200, y: 300 }, { x: 200, y: 700 }, 400), device.info.size));
  }
  const seconds = (performance.now() - t0) / 1000;
  stop();
  console.log(`screencast while scrolling: ${frames} frames in ${seconds.toFixed(2)} s = ${(frames / seconds).toFixed(1)} fps`);
} finally {
  await browser.close();
  await device.close();
  await demo.close();
}
