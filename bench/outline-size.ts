// Compactness of the outline (DESIGN.md section 3): raw dump bytes / outline bytes for every
// captured fixture, with the median and the minimum (goal: median >= 20), and the outline's
// tokens (o200k BPE, gpt-tokenizer) against the goal of about 200 for a settings screen.
// The more-apps dumps (labels in test/more-apps, files in SIMLAB_MORE_APPS) are reported per split: `dev` and `measure` (only measured).
// Run: npx tsx bench/outline-size.ts
import { countTokens } from 'gpt-tokenizer';
import { median } from '../core/lists/geometry.js';
import { buildSnapshot } from '../core/outline/build.js';
import { renderOutline } from '../core/outline/render.js';
import { parseScreen } from '../core/import-and-clean.js';
import { loadFixtures, loadMoreApps, MORE_APPS_DIR, type Fixture } from '../test/support/fixtures.js';

const GOAL = 20;
/** An outline is text an agent reads: a special-token spelling inside it (a chat app showing `<|im_start|>`) counts as plain text. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

interface Row {
  name: string;
  raw: number;
  shown: number;
  full: number;
  lines: number;
  tokens: number;
}

function measure(f: Fixture): Row {
  const snapshot = buildSnapshot(parseScreen(f.text));
  const text = renderOutline(snapshot, { still: false });
  const full = renderOutline(snapshot, { still: false, skeleton: false });
  return { name: f.name, raw: Buffer.byteLength(f.text), shown: Buffer.byteLength(text), full: Buffer.byteLength(full), lines: text.split('\n').length - 1, tokens: countTokens(text, PLAIN_TEXT) };
}

const rows = loadFixtures().map(measure);
const moreApps = loadMoreApps();
const more = moreApps.present.map((d) => ({ split: d.label.split ?? '', row: measure(d.fixture) }));

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`${'fixture'.padEnd(48)} ${pad('raw B', 8)} ${pad('outline B', 10)} ${pad('ratio', 7)} ${pad('full B', 8)} ${pad('ratio', 7)} ${pad('lines', 6)} ${pad('tokens', 7)}`);
for (const r of [...rows, ...more.map((m) => ({ ...m.row, name: `more-apps/${m.split}/${m.row.name}` }))]) {
  console.log(
    `${r.name.padEnd(48)} ${pad(r.raw, 8)} ${pad(r.shown, 10)} ${pad((r.raw / r.shown).toFixed(1), 7)} ${pad(r.full, 8)} ${pad((r.raw / r.full).toFixed(1), 7)} ${pad(r.lines, 6)} ${pad(r.tokens, 7)}`,
  );
}
const ratios = rows.map((r) => r.raw / r.shown);
const fullRatios = rows.map((r) => r.raw / r.full);
console.log('');
console.log(`default view (skeleton above the size threshold): median ${median(ratios).toFixed(1)}  min ${Math.min(...ratios).toFixed(1)}  (goal: median >= ${GOAL})`);
console.log(`full view (never a skeleton):                     median ${median(fullRatios).toFixed(1)}  min ${Math.min(...fullRatios).toFixed(1)}`);
const settings = rows.filter((r) => /settings/.test(r.name));
console.log(`tokens (o200k): median ${median(rows.map((r) => r.tokens))}; settings screens ${settings.map((r) => r.tokens).join(', ')} (median ${median(settings.map((r) => r.tokens))}; goal about 200)`);
for (const split of ['dev', 'measure']) {
  const r = more.filter((m) => m.split === split).map((m) => m.row.raw / m.row.shown);
  if (r.length > 0) console.log(`more-apps ${split.padEnd(7)} split (${r.length} dumps): median ${median(r).toFixed(1)}  min ${Math.min(...r).toFixed(1)}`);
}
if (moreApps.missing.length > 0) console.log(`more-apps: ${moreApps.missing.length} labelled dumps are not at ${MORE_APPS_DIR} (set SIMLAB_MORE_APPS; test/more-apps/README.md)`);
if (median(ratios) < GOAL) process.exitCode = 1;
