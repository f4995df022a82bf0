// The hub's cost, measured side by side in one run (ratios, not absolute times):
// 1. outline and tap through REST (HTTP -> hub -> Socket.IO -> worker -> device session) vs the
//    same call on the same device session in-process;
// 2. N agents x M web devices at once: throughput, p50/p99 per action, and a check that the
//    action log holds every action exactly once.
// Run: npx tsx bench/api-roundtrip.ts [--rounds 30] [--agents 4] [--devices 2] [--actions 20]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Envelope } from '../core/contract/envelope.js';
import { startHub } from '../server/main.js';
import { launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { HubConnection } from '../workers/hub-client/hub-connection.js';
import type { WorkerDevice } from '../workers/hub-client/worker-device.js';
import { DeviceSession } from '../workers/session/device-session.js';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
    agents: { type: 'string', default: '4' },
    devices: { type: 'string', default: '2' },
    actions: { type: 'string', default: '20' },
  },
});
const ROUNDS = Number(opts.rounds);
const AGENTS = Number(opts.agents);
const DEVICES = Number(opts.devices);
const ACTIONS = Number(opts.actions);

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const f1 = (n: number): string => n.toFixed(1);

async function call<T>(hub: string, method: string, path: string, token: string, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${hub}/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return (await res.json()) as Envelope<T>;
}

function must<T>(e: Envelope<T>): T {
  if (!e.ok) throw new Error(`${e.command}: ${e.error.code} ${e.error.message}`);
  return e.data;
}

async function timed(fn: () => Promise<Envelope>): Promise<number> {
  const t = performance.now();
  must(await fn());
  return performance.now() - t;
}

const dir = mkdtempSync(join(tmpdir(), 'simlab-bench-'));
const hub = await startHub({ dataDir: dir, port: 0, localWorker: false, rateLimit: { max: 1_000_000, windowMs: 60_000 } });
const admin = hub.adminToken as string;
const token = async (name: string, role: string): Promise<string> => must(await call<{ token: string }>(hub.url, 'POST', '/tokens', admin, { name, role })).token;
const demo = await startDemoServer();
const devices: WorkerDevice[] = [];
let connection: HubConnection | undefined;
try {
  for (let i = 1; i <= DEVICES; i++) {
    const bridge = await launchWebDevice({ id: `bench-web-${i}`, url: demo.url });
    devices.push({ id: bridge.info.id, bridge, session: new DeviceSession(bridge) });
  }
  connection = new HubConnection({ hub: hub.url, token: await token('bench-worker', 'worker'), workerId: 'bench', host: 'bench', version: 'bench', devices, log: () => undefined });
  connection.connect();
  await connection.whenRegistered();

  // ---- 1. REST vs in-process, the same device session ----
  const [first] = devices as [WorkerDevice];
  const agent = await token('bench-agent', 'agent');
  const lease = must(await call<{ id: string }>(hub.url, 'POST', '/leases', agent, { deviceId: first.id }));
  const actor = { tokenId: 'bench', name: 'bench', role: 'agent' };
  const local = { leaseId: lease.id, actor, deadlineMs: 30_000 };
  const cases: Array<{ name: string; rest: () => Promise<Envelope>; direct: () => Promise<Envelope> }> = [
    {
      name: 'app-state (transport floor)',
      rest: () => call(hub.url, 'GET', `/devices/${first.id}/app-state`, agent),
      direct: async () => (await first.session.executeWithEvidence('app-state', {}, local)).envelope,
    },
    {
      name: 'outline (no wait)',
      rest: () => call(hub.url, 'GET', `/devices/${first.id}/outline?wait=false`, agent),
      direct: async () => (await first.session.executeWithEvidence('outline', { wait: false }, local)).envelope,
    },
    {
      name: 'outline (wait for still)',
      rest: () => call(hub.url, 'GET', `/devices/${first.id}/outline`, agent),
      direct: async () => (await first.session.executeWithEvidence('outline', {}, local)).envelope,
    },
    {
      name: 'tap #tab-home (settled diff)',
      rest: () => call(hub.url, 'POST', `/devices/${first.id}/tap`, agent, { target: '#tab-home' }),
      direct: async () => (await first.session.executeWithEvidence('tap', { target: '#tab-home' }, local)).envelope,
    },
  ];
  console.log(`${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the start`);
  console.log(`REST vs in-process device session (${ROUNDS} rounds each, alternating; ms)`);
  console.log('command                        REST p50   p90 | direct p50   p90 | overhead p50 | ratio p50');
  for (const c of cases) {
    await timed(c.rest);
    await timed(c.direct);
    const rest: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rest.push(await timed(c.rest));
      direct.push(await timed(c.direct));
    }
    const [r50, d50] = [pct(rest, 50), pct(direct, 50)];
    console.log(
      `${c.name.padEnd(30)} ${f1(r50).padStart(8)} ${f1(pct(rest, 90)).padStart(5)} | ${f1(d50).padStart(10)} ${f1(pct(direct, 90)).padStart(5)} | ${f1(r50 - d50).padStart(12)} | ${(r50 / d50).toFixed(2).padStart(9)}`,
    );
  }
  must(await call(hub.url, 'DELETE', `/leases/${lease.id}`, agent));

  // ---- 2. N agents x M devices ----
  const agents = await Promise.all(Array.from({ length: AGENTS }, (_, a) => token(`bench-agent-${a}`, 'agent')));
  const latencies: number[] = [];
  const sent: Array<{ session: string; key: string }> = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    agents.map(async (tok, a) => {
      const deviceId = (devices[a % devices.length] as WorkerDevice).id;
      const held = must(await call<{ id: string; sessionId: string }>(hub.url, 'POST', '/leases', tok, { deviceId, wait: true, timeoutMs: 600_000 }));
      for (let k = 0; k < ACTIONS; k++) {
        // A unique point per action (on the header, where a tap changes nothing) to find it in the log.
        const point = { x: 20 + ((a * ACTIONS + k) % 300), y: 20 + Math.floor((a * ACTIONS + k) / 300) };
        const t = performance.now();
        const answer = await call(hub.url, 'POST', `/devices/${deviceId}/tap`, tok, { target: point });
        latencies.push(performance.now() - t);
        if (!answer.ok) failures++;
        sent.push({ session: held.sessionId, key: `${point.x},${point.y}` });
      }
      must(await call(hub.url, 'DELETE', `/leases/${held.id}`, tok));
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const logged: string[] = [];
  for (const session of new Set(sent.map((s) => s.session))) {
    const { actions } = must(await call<{ actions: Array<{ args: { target: { x: number; y: number } } }> }>(hub.url, 'GET', `/sessions/${session}/actions?limit=1000`, admin));
    for (const a of actions) logged.push(`${session} ${a.args.target.x},${a.args.target.y}`);
  }
  const expected = new Set(sent.map((s) => `${s.session} ${s.key}`));
  const counts = new Map<string, number>();
  for (const key of logged) counts.set(key, (counts.get(key) ?? 0) + 1);
  const missing = [...expected].filter((k) => !counts.has(k)).length;
  const duplicated = [...counts.values()].filter((n) => n > 1).length;
  const stray = [...counts.keys()].filter((k) => !expected.has(k)).length;
  console.log(`\n${AGENTS} agents x ${devices.length} web devices, ${ACTIONS} taps per agent (agents queue for a shared device)`);
  console.log(`  actions ${sent.length} in ${wall.toFixed(1)} s = ${(sent.length / wall).toFixed(1)} actions/s; failures ${failures}`);
  console.log(`  latency per action p50 ${f1(pct(latencies, 50))} ms, p99 ${f1(pct(latencies, 99))} ms`);
  console.log(`  action log: sent ${sent.length}, logged ${logged.length}, missing ${missing}, duplicated ${duplicated}, not sent ${stray}: ${missing + duplicated + stray === 0 && logged.length === sent.length ? 'OK' : 'MISMATCH'}`);
} finally {
  connection?.close();
  await Promise.allSettled(devices.map((d) => d.bridge.close()));
  await demo.close();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
}
