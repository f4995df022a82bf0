// What seeing past the accessibility tree costs and finds, measured side by side in one run on
// pages written the way other people write them (test/blind-spots/pages):
// - gap fill: the outline of a still screen with hit-test gap filling beside the same outline
//   without it, on a first look (a new observer: nothing cached) and on a repeat (same screen);
// - false controls: hit-found controls on a text-only page with a document click listener.
// Run: npx tsx bench/blind-spots.ts
import { fileURLToPath } from 'node:url';
import type { Envelope } from '../core/contract/envelope.js';
import { median } from '../core/lists/geometry.js';
import type { OutlineJson } from '../core/outline/json.js';
import { launchWebDevice } from '../workers/bridges/web/index.js';
import { DeviceSession } from '../workers/session/index.js';
import { startStaticServer } from '../test/support/static-server.js';

const RUNS = 15;
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

  await device.open(`${server.url}text.html`);
  const text = must<{ outline: OutlineJson }>(await look(new DeviceSession(device))).outline;
  const falseControls = text.elements.filter((e) => e.source !== 'ax' || e.actions.includes('tap')).length;
  console.log(`false controls on a text-only page: ${falseControls} (goal 0)`);
} finally {
  await device.close();
  await server.close();
}
