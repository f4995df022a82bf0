import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { median } from '../core/lists/geometry.js';
import { REPO_ROOT } from '../test/support/fixtures.js';

/**
 * How long `simlab tap @3` takes from exec to its first request reaching the hub, for the
 * bundled CLI (dist/simlab, `npm run build`) and the tsc build (dist/cli), beside a bare
 * `node -e` that sends one request: the CLI's own cost is the difference. Run: npx tsx bench/cli-start.ts
 */
const RUNS = Number(process.env.RUNS ?? 9);
const BUNDLE = join(REPO_ROOT, 'dist/simlab/main.js');
const TSC = join(REPO_ROOT, 'dist/cli/main.js');

let arrived: (() => void) | undefined;
const hub = createServer((req, res) => {
  arrived?.();
  // Any answer ends the CLI: a lease list with nothing in it, or an error envelope.
  res.writeHead(401, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ version: '1', ok: false, command: 'tap', error: { code: 'UNAUTHORIZED', message: 'bench', disposition: { delivery: 'not_delivered', retry: 'safe' } } }));
});
await new Promise<void>((r) => hub.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;

/** Milliseconds from spawn to the first request arriving. */
async function once(args: string[]): Promise<number> {
  const start = performance.now();
  const got = new Promise<number>((resolve) => (arrived = () => resolve(performance.now() - start)));
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', SIMLAB_HUB: url, SIMLAB_TOKEN: 'slk_0000000000000000_bench', SIMLAB_DATA: '/nonexistent-simlab-bench' }, stdio: 'ignore' });
  const ms = await got;
  await new Promise((r) => child.once('exit', r));
  return ms;
}

const cases: Array<[string, string[]]> = [['bare node: one fetch', ['-e', `fetch(${JSON.stringify(url)}).catch(()=>{})`]]];
if (existsSync(BUNDLE)) cases.push(['simlab tap @3 (bundle, dist/simlab)', [BUNDLE, 'tap', '@3']]);
if (existsSync(TSC)) cases.push(['simlab tap @3 (tsc build, dist/cli)', [TSC, 'tap', '@3']]);
const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
// Interleaved, so a busy machine slows every case alike.
for (let i = 0; i < RUNS; i++) for (const [name, args] of cases) times.get(name)?.push(await once(args));
const bare = median(times.get(cases[0]?.[0] ?? '') ?? []);
console.log(`exec -> first request at the hub, median of ${RUNS}:`);
for (const [name] of cases) {
  const m = median(times.get(name) ?? []);
  console.log(`  ${name.padEnd(40)} ${m.toFixed(0).padStart(5)} ms   (${(m - bare).toFixed(0)} ms over bare node)`);
}
hub.close();
