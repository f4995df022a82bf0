// Speed of the outline pipeline per screen: import + clean + list detection + build + render,
// printed beside a bare parse of the same file (JSON.parse, or fast-xml-parser for XML) as the
// reference, so the figure is a ratio measured side by side in one run. The stages are timed
// on their own too, to show where the time goes. On a shared, loaded machine the medians
// wander; the minimums (best of the runs) are printed as the steadier figure.
// Run: npx tsx bench/outline-speed.ts
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { median } from '../core/lists/geometry.js';
import { detectLists } from '../core/lists/index.js';
import { buildSnapshot } from '../core/outline/build.js';
import { renderOutline } from '../core/outline/render.js';
import { parseScreen } from '../core/import-and-clean.js';
import { loadFixtures } from '../test/support/fixtures.js';

const WARMUP = 5;
const RUNS = 25;
const STAGES = ['pipeline', 'parse', 'screen', 'lists', 'outline'] as const;
type Stage = (typeof STAGES)[number];

/** Milliseconds of every run of each stage; the stages take turns in each round so load falls on all alike. */
function sample(fns: Record<Stage, () => unknown>): Record<Stage, number[]> {
  const out = Object.fromEntries(STAGES.map((k) => [k, [] as number[]])) as Record<Stage, number[]>;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const k of STAGES) {
      const t = performance.now();
      fns[k]();
      const ms = performance.now() - t;
      if (i >= WARMUP) out[k].push(ms);
    }
  }
  return out;
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
const rows: Array<{ name: string; samples: Record<Stage, number[]> }> = [];
for (const f of loadFixtures()) {
  const cleaned = parseScreen(f.text);
  const found = detectLists(cleaned);
  rows.push({
    name: f.name,
    samples: sample({
      parse: f.name.endsWith('.json') ? () => JSON.parse(f.text) : () => xml.parse(f.text),
      pipeline: () => renderOutline(buildSnapshot(parseScreen(f.text))),
      screen: () => parseScreen(f.text),
      lists: () => detectLists(cleaned),
      outline: () => renderOutline(buildSnapshot(cleaned, { lists: found })),
    }),
  });
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const ms = (n: number) => n.toFixed(2);
const med = (r: (typeof rows)[number], k: Stage) => median(r.samples[k]);
const min = (r: (typeof rows)[number], k: Stage) => Math.min(...r.samples[k]);
console.log(`${'fixture'.padEnd(48)} ${pad('outline ms', 11)} ${pad('bare parse ms', 14)} ${pad('ratio', 6)} ${pad('best ratio', 11)}   ${pad('import+clean', 12)} ${pad('lists', 6)} ${pad('build+render', 12)}`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(48)} ${pad(ms(med(r, 'pipeline')), 11)} ${pad(ms(med(r, 'parse')), 14)} ${pad((med(r, 'pipeline') / med(r, 'parse')).toFixed(1), 6)} ${pad((min(r, 'pipeline') / min(r, 'parse')).toFixed(1), 11)}   ${pad(ms(med(r, 'screen')), 12)} ${pad(ms(med(r, 'lists')), 6)} ${pad(ms(med(r, 'outline')), 12)}`,
  );
}
const over = (f: (r: (typeof rows)[number]) => number) => median(rows.map(f));
console.log(`\nper screen: median of ${RUNS} interleaved runs after ${WARMUP} warm-up runs; best = fastest run`);
console.log(`median over screens: outline ${ms(over((r) => med(r, 'pipeline')))} ms, bare parse ${ms(over((r) => med(r, 'parse')))} ms, ratio ${over((r) => med(r, 'pipeline') / med(r, 'parse')).toFixed(1)}x`);
console.log(`best runs:           outline ${ms(over((r) => min(r, 'pipeline')))} ms, bare parse ${ms(over((r) => min(r, 'parse')))} ms, ratio ${over((r) => min(r, 'pipeline') / min(r, 'parse')).toFixed(1)}x`);
console.log(`stage medians: import+clean ${ms(over((r) => med(r, 'screen')))} ms, lists ${ms(over((r) => med(r, 'lists')))} ms, build+render ${ms(over((r) => med(r, 'outline')))} ms`);
