// The device session on the web device and the demo feed, measured side by side in one run:
// - settling: observe (screen already still), a tap that changes nothing, and a tap that opens
//   another screen, through DeviceSession.execute, on two devices that differ only in how they
//   decide the screen is at rest: the quiet window alone (250 ms without change, the old rule)
//   and by evidence (no finite animation or coasting scroll, no request the tap started, and a
//   frame after the tap that still shows the look from before it, or two equal frames); the
//   runs alternate between them so both see the same machine load; targets beside them;
//   a screen-changing tap is also split at the page's own last change (DOM mutation, animation or
//   transition end, noted in the page): the app's part before it, the lab's part after it;
// - observe beside the raw CDP Accessibility.getFullAXTree call on the same page (the reference);
// - outline bytes beside the raw CDP tree's JSON bytes;
// - screencast frames per second while the feed scrolls.
// Run: npx tsx bench/web-session.ts
import type { Envelope } from '../core/contract/envelope.js';
import { swipe } from '../core/gestures/index.js';
import type { Frame } from '../workers/bridge.js';
import { launchWebDevice, startDemoServer, type WebDevice } from '../workers/bridges/web/index.js';
import { DeviceSession } from '../workers/session/index.js';
import { pageOf } from '../workers/session/test-support/demo-page.js';
import { admitTimeline } from '../core/wire/admitted-timeline.js';

const RUNS = 30;
const ACT_RUNS = 15;
const RULES = ['quiet', 'evidence'] as const;
type Rule = (typeof RULES)[number];

interface Stats {
  median: number;
  p90: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p90: at(0.9) };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function must<T>(env: Envelope): T {
  if (!env.ok) throw new Error(`session error: ${JSON.stringify(env.error)}`);
  return env.data as T;
}

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
const fmt = (s: Stats) => `${ms(s.median)} ${ms(s.p90)}`;

const demo = await startDemoServer();
const devices: Record<Rule, WebDevice> = {
  quiet: await launchWebDevice({ url: `${demo.url}?live=off#/home`, stillness: 'quiet' }),
  evidence: await launchWebDevice({ url: `${demo.url}?live=off#/home`, stillness: 'evidence' }),
};
const sessions: Record<Rule, DeviceSession> = { quiet: new DeviceSession(devices.quiet), evidence: new DeviceSession(devices.evidence) };
try {
  const device = devices.evidence;
  const page = pageOf(device);
  // A second CDP session on the very same page: the raw call every observation is built on.
  const cdp = await page.context().newCDPSession(page);
  const rawTree = () => cdp.send('Accessibility.getFullAXTree');

  // The app's own transition: the longest finite animation a tab change starts (app.css, screen-enter).
  await device.evaluate('document.getElementById("tab-alerts").click()');
  const transitionMs = await device.evaluate<number>(
    'Math.max(0, ...document.getAnimations().map((a) => Number(a.effect.getComputedTiming().endTime)).filter(Number.isFinite))',
  );
  await device.evaluate('document.getElementById("tab-home").click()');

  // The app's own transition as it happens: the page notes (wall clock) its last DOM change or
  // animation/transition end, so each screen-changing tap splits into the app's part (request
  // sent -> last change) and the lab's part (last change -> answer).
  const noteChanges = `(() => {
    const note = () => { window.__lastChange = performance.timeOrigin + performance.now(); };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const type of ['animationend', 'transitionend']) document.addEventListener(type, note, true);
  })()`;
  for (const rule of RULES) await devices[rule].evaluate(noteChanges);
  const lastChange = (rule: Rule) => devices[rule].evaluate<number>('window.__lastChange');
  const samples = (): Record<'observe' | 'same' | 'navigate' | 'app' | 'after', number[]> => ({ observe: [], same: [], navigate: [], app: [], after: [] });
  const by: Record<Rule, ReturnType<typeof samples>> = { quiet: samples(), evidence: samples() };
  const rawMs: number[] = [];
  for (const rule of RULES) {
    for (let i = 0; i < 3; i++) must(await sessions[rule].execute('outline', {}));
  }
  await rawTree();
  // Interleaved, so every measure sees the same machine load.
  for (let i = 0; i < RUNS; i++) {
    for (const rule of RULES) by[rule].observe.push(await timed(async () => must(await sessions[rule].execute('outline', {}))));
    rawMs.push(await timed(rawTree));
  }
  // Act: a tap that changes nothing (the selected tab), and a tap that changes the screen.
  for (let i = 0; i < ACT_RUNS; i++) {
    for (const rule of RULES) {
      const s = sessions[rule];
      by[rule].same.push(await timed(async () => must(await s.execute('tap', { target: 'role=Tab[label="Home"]' }))));
      for (const tab of ['Alerts', 'Home']) {
        const sent = performance.timeOrigin + performance.now();
        by[rule].navigate.push(await timed(async () => must(await s.execute('tap', { target: `role=Tab[label="${tab}"]` }))));
        const answered = performance.timeOrigin + performance.now();
        const last = await lastChange(rule);
        by[rule].app.push(last - sent);
        by[rule].after.push(answered - last);
      }
    }
  }
  const raw = stats(rawMs);

  // Bytes: the outline an agent reads beside the raw tree it is made from.
  const session = sessions.evidence;
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
    await device.perform(admitTimeline(i % 2 === 0 ? swipe({ x: 195, y: 650 }, { x: 195, y: 250 }, 500) : swipe({ x: 195, y: 250 }, { x: 195, y: 650 }, 500), device.info.size));
  }
  const seconds = (performance.now() - started) / 1000;
  stop();
  const fps = frames / seconds;

  const table = (name: string, key: 'observe' | 'same' | 'navigate' | 'app' | 'after', target: string) => {
    const q = stats(by.quiet[key]);
    const e = stats(by.evidence[key]);
    console.log(`${name.padEnd(38)} ${fmt(q)}   ${fmt(e)}   ${(e.median / q.median).toFixed(2).padStart(5)}x   ${target}`);
  };
  console.log(`device session on the web device (demo feed, 390x844 @3x), ${RUNS} observations, ${ACT_RUNS} taps of each kind per rule`);
  console.log(`${'settling'.padEnd(38)} quiet window (old)     by evidence            evidence/old  target (p50)`);
  console.log(`${''.padEnd(38)}    p50       p90          p50       p90`);
  table('observe (already still)', 'observe', '<= 40 ms');
  table('tap, no change', 'same', '<= 150 ms');
  table('tap, screen changes', 'navigate', `<= ${(transitionMs + 150).toFixed(0)} ms (the app's ${transitionMs.toFixed(0)} ms animation + 150)`);
  table('  of it: the app, sent->last change', 'app', 'tap hold, the app building the screen, its animation');
  table('  of it: the lab, last change->answer', 'after', '<= 150 ms');
  console.log(`raw CDP getFullAXTree      ${fmt(raw)}`);
  console.log(`ratio observe (evidence) / raw tree: median ${(stats(by.evidence.observe).median / raw.median).toFixed(1)}x`);
  console.log(`outline text ${textBytes} B, outline JSON ${jsonBytes} B, raw CDP tree JSON ${rawBytes} B`);
  console.log(`ratio raw tree / outline text: ${(rawBytes / textBytes).toFixed(1)}x; raw tree / outline JSON: ${(rawBytes / jsonBytes).toFixed(1)}x`);
  console.log(`screencast while scrolling: ${frames} frames in ${seconds.toFixed(2)} s = ${fps.toFixed(1)} fps`);
} finally {
  for (const rule of RULES) await sessions[rule].close();
  await demo.close();
}
