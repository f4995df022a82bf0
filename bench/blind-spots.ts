// What seeing past the accessibility tree costs and finds, measured side by side in one run on
// pages written the way other people write them (test/blind-spots/pages):
// - gap fill: the outline of a still screen with hit-test gap filling beside the same outline
//   without it, on a first look (a new observer: nothing cached) and on a repeat (same screen);
// - pixels: the outline of a canvas menu with the pixel channel beside the same outline without
//   it, on a first look (a menu never seen: OCR) and a repeat (same pixels: one screenshot);
//   recall of the menu's six text buttons;
// - false controls: hit-found and pixel-read controls on a text-only page with a document click listener.
// Run: npx tsx bench/blind-spots.ts
import { fileURLToPath } from 'node:url';
import type { Envelope } from '../core/contract/envelope.js';
import { median } from '../core/lists/geometry.js';
import type { OutlineJson } from '../core/outline/json.js';
import { launchWebDevice } from '../workers/bridges/web/index.js';
import { DeviceSession } from '../workers/session/index.js';
import { startStaticServer } from '../test/support/static-server.js';

const RUNS = 15;
const PIXEL_RUNS = 5;
const MENU = ['New game', 'Continue', 'Options', 'High scores', 'Help', 'Quit'];
const PAGES = fileURLToPath(new URL('../test/blind-spots/pages/', import.meta.url));

function must<T>(env: Envelope): T {
  if (!env.ok) throw new Error(`session error: ${JSON.stringify(env.error)}`);
  return env.data as T;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const server = await startStaticServer(PAGES);
const device = await launchWebDevice({ url: `${server.url}text.html` });
const look = (s: DeviceSession) => s.execute('outline', { wait: false, format: 'json' });
try {
  console.log('gap fill: outline of a still screen, with gap fill minus without (median of %d, interleaved)', RUNS);
  for (const page of ['mail', 'shop']) {
    await device.open(`${server.url}${page}.html`);
    await device.waitForStill();
    const without = new DeviceSession(device, { gapFill: false });
    const repeat = new DeviceSession(device);
    must(await look(repeat));
    const first: number[] = [];
    const again: number[] = [];
    const plain: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      plain.push(await timed(() => look(without)));
      // A new session has an empty hit cache: this is the first look at the screen.
      const fresh = new DeviceSession(device);
      first.push(await timed(async () => {
        const json = must<{ outline: OutlineJson }>(await look(fresh)).outline;
        found = json.elements.filter((e) => e.source === 'hit').length;
      }));
      again.push(await timed(() => look(repeat)));
    }
    const base = median(plain);
    console.log(
      `  ${page.padEnd(5)} without ${base.toFixed(1)} ms | first look +${(median(first) - base).toFixed(1)} ms (x${(median(first) / base).toFixed(2)}) | repeat +${(median(again) - base).toFixed(1)} ms (x${(median(again) / base).toFixed(2)}) | ${found} controls found`,
    );
  }

  console.log('pixels: canvas menu outline, with the pixel channel minus without (median of %d)', PIXEL_RUNS);
  const withPixels = new DeviceSession(device);
  const noPixels = new DeviceSession(device, { pixels: false });
  // The OCR worker starts once per session (about a second): not part of a look.
  await device.open(`${server.url}canvas.html`);
  must(await look(withPixels));
  const firstPx: number[] = [];
  const againPx: number[] = [];
  const plainPx: number[] = [];
  let recall = 0;
  for (let i = 1; i <= PIXEL_RUNS; i++) {
    await device.open(`${server.url}canvas.html?shift=${i * 4}`);
    await device.waitForStill();
    plainPx.push(await timed(() => look(noPixels)));
    firstPx.push(await timed(async () => {
      const json = must<{ outline: OutlineJson }>(await look(withPixels)).outline;
      recall = MENU.filter((m) => json.elements.some((e) => e.source === 'pixel' && e.role === 'Button' && e.label === m)).length;
    }));
    againPx.push(await timed(() => look(withPixels)));
  }
  const basePx = median(plainPx);
  console.log(
    `  canvas without ${basePx.toFixed(1)} ms | first look +${(median(firstPx) - basePx).toFixed(1)} ms (x${(median(firstPx) / basePx).toFixed(2)}) | repeat +${(median(againPx) - basePx).toFixed(1)} ms (x${(median(againPx) / basePx).toFixed(2)}) | text buttons read ${recall}/${MENU.length}`,
  );

  await device.open(`${server.url}text.html`);
  const text = must<{ outline: OutlineJson }>(await withPixels.execute('outline', { wait: false, format: 'json', pixels: true })).outline;
  // Ends its OCR worker (and the device, which the finally below would close anyway).
  await withPixels.close();
  const falseControls = text.elements.filter((e) => e.source !== 'ax' || e.actions.includes('tap')).length;
  console.log(`false controls on a text-only page (gap fill and --pixels): ${falseControls} (goal 0)`);
} finally {
  await device.close();
  await server.close();
}
