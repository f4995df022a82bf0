// Several hubs vs one, side by side in one run: 50 agents over 20 cheap devices (workers speaking
// the real protocol with an in-memory device that answers at once), each agent taking its device's
// lease (queueing behind the others), acting a fixed number of times, releasing. Prints actions/s,
// p50/p99 per action, and checks the action log: 0 lost, 0 duplicated.
//   A: one hub on SQLite (the embedded default).
//   B: two hubs on one Postgres database and one Redis; agents alternate hubs, each hub has one
//      worker with half the devices, so half the actions are forwarded between hubs.
// Needs PostgreSQL (SIMLAB_TEST_POSTGRES_URL, default 127.0.0.1:5432/test) and redis-server.
// Run: npx tsx bench/scale.ts [--agents 50] [--devices 20] [--actions 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ok } from '../core/contract/index.js';
import { startHub, type Hub } from '../server/main.js';
import { issueToken } from '../server/auth/tokens.js';
import type { Store } from '../server/store/store.js';
import { startSimWorker, webDevice, type SimWorker } from '../server/test-support/sim-worker.js';
import { tempPostgresDatabase } from '../server/test-support/temp-postgres.js';
import { tempRedis } from '../server/test-support/temp-redis.js';
import { call } from '../server/test-support/test-hub.js';

const { values: opts } = parseArgs({ options: { agents: { type: 'string', default: '50' }, devices: { type: 'string', default: '20' }, actions: { type: 'string', default: '10' } } });
const AGENTS = Number(opts.agents);
const DEVICES = Number(opts.devices);
const ACTIONS = Number(opts.actions);

const cleanups: Array<() => unknown> = [];
const t = { after: (fn: () => unknown) => void cleanups.unshift(fn) };

interface Outcome {
  seconds: number;
  latencies: number[];
  answered: Map<string, string[]>;
  store: Store;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(hubs: Hub[]): Promise<Outcome> {
  const store = hubs[0]!.services.store;
  const workerToken = (await issueToken(store, 'bench-workers', 'worker', null)).token;
  const workers: SimWorker[] = hubs.map((hub, h) =>
    startSimWorker({
      hubUrl: hub.url,
      token: workerToken,
      workerId: `bench-${h}`,
      devices: Array.from({ length: DEVICES }, (_, d) => d).filter((d) => d % hubs.length === h).map((d) => webDevice(`dev-${d}`)),
      onCommand: async (m) => ({ envelope: ok(m.command, { target: (m.args as { target: string }).target }) }),
    }),
  );
  t.after(() => workers.forEach((w) => w.close()));
  await Promise.all(workers.map((w) => w.registered));
  const viewer = (await issueToken(store, 'bench-viewer', 'viewer', null)).token;
  for (const hub of hubs) {
    for (;;) {
      const res = await call(hub.url, 'GET', '/api/v1/devices', { token: viewer });
      const online = ((res.body as { data?: { devices: Array<{ state: string }> } }).data?.devices ?? []).filter((d) => d.state === 'online').length;
      if (online === DEVICES) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const tokens = await Promise.all(Array.from({ length: AGENTS }, (_, i) => issueToken(store, `agent-${i}`, 'agent', null)));
  const latencies: number[] = [];
  const answered = new Map<string, string[]>();
  const started = performance.now();
  await Promise.all(
    tokens.map(async ({ token }, i) => {
      const hub = hubs[i % hubs.length]!.url;
      const deviceId = `dev-${i % DEVICES}`;
      const lease = await call(hub, 'POST', '/api/v1/leases', { token, body: { deviceId, wait: true, timeoutMs: 120_000 } });
      const leaseId = (lease.body as { data?: { id: string } }).data?.id;
      if (!leaseId) throw new Error(`agent ${i}: no lease: ${JSON.stringify(lease.body)}`);
      const mine: string[] = [];
      answered.set(leaseId, mine);
      for (let a = 0; a < ACTIONS; a++) {
        const target = `@${a + 1}`;
        const t0 = performance.now();
        const res = await call(hub, 'POST', `/api/v1/devices/${deviceId}/tap`, { token, body: { target } });
        latencies.push(performance.now() - t0);
        if ((res.body as { ok?: boolean }).ok) mine.push(target);
      }
      await call(hub, 'DELETE', `/api/v1/leases/${leaseId}`, { token });
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((x, y) => x - y), answered, store };
}

/** Lost: answered but not in the log; duplicated: in the log more often than answered. */
async function audit(o: Outcome): Promise<{ lost: number; duplicated: number }> {
  let lost = 0;
  let duplicated = 0;
  for (const [leaseId, targets] of o.answered) {
    const session = await o.store.sessionOfLease(leaseId);
    const logged = session ? (await o.store.listActions(session.id, { limit: 10_000 })).filter((a) => (a.envelope as { ok?: boolean } | null)?.ok) : [];
    const got = logged.map((a) => (a.args as { target: string }).target);
    lost += targets.filter((x) => !got.includes(x)).length;
    duplicated += Math.max(0, got.length - new Set(got).size) + got.filter((x) => !targets.includes(x)).length;
  }
  return { lost, duplicated };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-bench-scale-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // Recording off: the in-memory devices have no frames to record; this measures leases, routing and the log.
  const quiet = { localWorker: false, recordingPolicy: 'off' as const, rateLimit: { max: 1_000_000, windowMs: 60_000 } };
  const one = await startHub({ ...quiet, port: 0, dataDir: join(dir, 'one') });
  t.after(() => one.close());
  const a = await run([one]);

  const databaseUrl = await tempPostgresDatabase();
  const redisUrl = await tempRedis(t);
  const two: Hub[] = [];
  for (const name of ['a', 'b']) {
    const hub = await startHub({ ...quiet, port: 0, dataDir: join(dir, name), databaseUrl, redisUrl });
    t.after(() => hub.close());
    two.push(hub);
  }
  const b = await run(two);

  const total = AGENTS * ACTIONS;
  const rows = [
    ['one hub, SQLite', a, await audit(a)],
    ['two hubs, Postgres + Redis', b, await audit(b)],
  ] as const;
  console.log(`${AGENTS} agents over ${DEVICES} devices, ${ACTIONS} actions each (${total} actions), leases queued per device`);
  for (const [name, o, { lost, duplicated }] of rows) {
    console.log(
      `${name.padEnd(28)} ${(total / o.seconds).toFixed(0).padStart(6)} actions/s  p50 ${pct(o.latencies, 50).toFixed(1)} ms  p99 ${pct(o.latencies, 99).toFixed(1)} ms  lost ${lost}  duplicated ${duplicated}`,
    );
  }
  console.log(`ratio two hubs / one hub: ${((total / b.seconds) / (total / a.seconds)).toFixed(2)}x actions/s, p50 ${(pct(b.latencies, 50) / pct(a.latencies, 50)).toFixed(2)}x`);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const fn of cleanups) await fn();
  });
