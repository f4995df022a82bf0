// Speed of the outline pipeline per screen: import + clean + list detection + build + render,
// printed beside a bare parse of the same file (JSON.parse, or fast-xml-parser for XML) as the
// reference, so the figure is a ratio measured side by side in one run.
// Run: npx tsx bench/outline-speed.ts
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { buildSnapshot } from '../core/outline/build.js';
import { renderOutline } from '../core/outline/render.js';
import { parseScreen } from '../core/screen-parse.js';
import { loadFixtures } from '../test/support/fixtures.js';
import { listDetector } from './list-detector.js';

const WARMUP = 5;
const RUNS = 25;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Median milliseconds of `fn` over RUNS, after WARMUP. */
function time(fn: () => unknown): number {
  for (let i = 0; i < WARMUP; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const detect = await listDetector();
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
const rows: Array<{ name: string; pipeline: number; parse: number }> = [];
for (const f of loadFixtures()) {
  const reference = f.name.endsWith('.json') ? () => JSON.parse(f.text) : () => xml.parse(f.text);
  const parse = time(reference);
  const pipeline = time(() => renderOutline(buildSnapshot(parseScreen(f.text), { lists: detect })));
  rows.push({ name: f.name, pipeline, parse });
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`${'fixture'.padEnd(48)} ${pad('outline ms', 11)} ${pad('bare parse ms', 14)} ${pad('ratio', 7)}`);
for (const r of rows) console.log(`${r.name.padEnd(48)} ${pad(r.pipeline.toFixed(2), 11)} ${pad(r.parse.toFixed(2), 14)} ${pad((r.pipeline / r.parse).toFixed(1), 7)}`);
console.log(`\nlist detection: ${detect ? 'core/lists' : 'not available'}; median of ${RUNS} runs per screen after ${WARMUP} warm-up runs`);
console.log(`median per screen: outline ${median(rows.map((r) => r.pipeline)).toFixed(2)} ms, bare parse ${median(rows.map((r) => r.parse)).toFixed(2)} ms`);
console.log(`median ratio outline / bare parse: ${median(rows.map((r) => r.pipeline / r.parse)).toFixed(1)}x`);
