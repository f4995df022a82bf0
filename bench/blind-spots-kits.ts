// Pages nobody here wrote the controls of, measured in one run (test/blind-spots/kits, pages/flutter.html):
// - UI kits from npm (Framework7, Onsen UI, Ionic; a stack navigator on its second page, a tab bar,
//   a toolbar hidden from the tree): targets found in the outline (the page marks them with
//   data-hit), those missed, and false controls (hit or pixel lines that are no target), with the
//   time gap fill adds to a first look;
// - a Chart.js bar chart on a canvas: axis and legend labels read by the pixel channel, and false
//   controls;
// - a Flutter-like screen (one canvas in a closed shadow root, an empty tree): whether the pixel
//   channel ran by itself, and the drawn controls (text buttons, icons, a switch) it offers.
// Run: npx tsx bench/blind-spots-kits.ts
import { fileURLToPath } from 'node:url';
import type { Envelope } from '../core/contract/envelope.js';
import { median } from '../core/lists/geometry.js';
import type { OutlineJson } from '../core/outline/json.js';
import { launchWebDevice } from '../workers/bridges/web/index.js';
import { DeviceSession } from '../workers/session/index.js';
import { startStaticServer } from '../test/support/static-server.js';
import { KIT_PACKAGES, kitTargets, matchTargets, waitForKit } from '../test/blind-spots/kit-targets.js';

const RUNS = 7;
const ROOT = fileURLToPath(new URL('../test/blind-spots/', import.meta.url));
const CHART_LABELS = ['Online', 'Stores', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', '0', '5', '10', '15', '20', '25'];

function must<T>(env: Envelope): T {
  if (!env.ok) throw new Error(`session error: ${JSON.stringify(env.error)}`);
  return env.data as T;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, performance.now() - t];
}

// One origin for every page: a web device opens only the origin it was launched on.
const server = await startStaticServer(ROOT, KIT_PACKAGES);
const kits = `${server.url}kits/`;
const device = await launchWebDevice({ url: `${kits}chart.html` });
const look = async (s: DeviceSession): Promise<OutlineJson> => must<{ outline: OutlineJson }>(await s.execute('outline', { wait: false, format: 'json' })).outline;
try {
  console.log('UI kits: targets in the outline, false controls, and what gap fill adds to a first look (median of %d)', RUNS);
  for (const kit of ['framework7', 'onsen', 'ionic']) {
    await device.open(`${kits}${kit}.html`);
    await waitForKit(device);
    await device.waitForStill();
    const targets = await kitTargets(device);
    const without = new DeviceSession(device, { gapFill: false, pixels: false });
    const plain: number[] = [];
    const first: number[] = [];
    let json: OutlineJson | undefined;
    for (let i = 0; i < RUNS; i++) {
      plain.push((await timed(() => look(without)))[1]);
      const [seen, ms] = await timed(() => look(new DeviceSession(device, { pixels: false })));
      first.push(ms);
      json = seen;
    }
    const outline = json as OutlineJson;
    const { found, missed } = matchTargets(outline, targets);
    const matched = new Set(found.map(([, e]) => e.index));
    const extra = outline.elements.filter((e) => e.source !== 'ax' && !matched.has(e.index));
    console.log(
      `  ${kit.padEnd(10)} found ${found.length}/${targets.length}${missed.length ? ` (missed ${missed.map((t) => t.name).join(', ')})` : ''} | false controls ${extra.length} | without gap fill ${median(plain).toFixed(1)} ms, first look +${(median(first) - median(plain)).toFixed(1)} ms`,
    );
  }

  const session = new DeviceSession(device);
  await device.open(`${kits}chart.html`);
  await device.waitForStill();
  // The OCR worker starts once per session (about a second): not part of the figures.
  await look(session);
  const chart = await look(session);
  const pixel = chart.elements.filter((e) => e.source === 'pixel');
  const read = CHART_LABELS.filter((l) => pixel.some((e) => e.label === l));
  const extra = pixel.filter((e) => !CHART_LABELS.includes(e.label ?? ''));
  console.log(`Chart.js bar chart on a canvas: labels read ${read.length}/${CHART_LABELS.length} (missed ${CHART_LABELS.filter((l) => !read.includes(l)).join(', ') || 'none'}) | other pixel lines ${extra.length}${extra.length ? ` (${extra.map((e) => `${e.role} ${e.label ?? ''}`).join(', ')})` : ''}`);

  await device.open(`${server.url}pages/flutter.html`);
  await device.waitForStill();
  const drawn = await device.evaluate<Array<{ name: string; x: number; y: number; w: number; h: number }>>('window.__targets');
  const [flutter, ms] = await timed(() => look(new DeviceSession(device)));
  const offered = flutter.elements.filter((e) => e.source === 'pixel');
  const hit = drawn.filter((t) => offered.some((e) => e.tap.x >= t.x && e.tap.x <= t.x + t.w && e.tap.y >= t.y && e.tap.y <= t.y + t.h));
  console.log(
    `empty tree (one canvas in a closed shadow root): pixels ${flutter.pixels ?? 'not read'} | drawn controls offered ${hit.length}/${drawn.length} | pixel lines ${offered.length} | first look ${ms.toFixed(0)} ms (OCR worker start included)`,
  );
  await session.close();
} finally {
  await device.close();
  await server.close();
}
