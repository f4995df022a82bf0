import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ok } from '../core/contract/index.js';
import type { CommandMessage } from '../core/wire/worker-protocol.js';
import { PostgresStore } from '../server/store/postgres-store.js';
import { startSimWorker, webDevice } from '../server/test-support/sim-worker.js';
import { tempPostgresDatabase } from '../server/test-support/temp-postgres.js';
import { tempRedis } from '../server/test-support/temp-redis.js';
import { ROOT, call, createToken, data, tempDataDir, waitFor } from './support/lab.js';

interface HubProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** A hub as its own process (server/main.ts) on a free port, on the shared Postgres and Redis. */
async function startHubProcess(t: { after: (fn: () => void | Promise<void>) => void }, env: Record<string, string>): Promise<HubProcess> {
  const data = tempDataDir();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SIMLAB_DATA: data.dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    data.remove();
  });
  const url = await waitFor('the hub to listen', () => /simlab hub on (http:\/\/\S+)/.exec(output)?.[1], 60_000).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${output}`);
  });
  return { child, url, output: () => output };
}

interface Agent {
  name: string;
  token: string;
  deviceId: string;
  leaseId: string;
  answered: string[];
}

test('two hub processes on Postgres and Redis: an agent on hub A drives a device on hub B; hub A is SIGKILLed, the agents carry on through hub B, the lease survives, the action log has every action once', async (t) => {
  const databaseUrl = await tempPostgresDatabase();
  const redisUrl = await tempRedis(t);
  const env = { SIMLAB_DATABASE_URL: databaseUrl, SIMLAB_REDIS_URL: redisUrl };
  const hubA = await startHubProcess(t, env);
  const hubB = await startHubProcess(t, env);
  const admin = /admin token \(shown once, store it now\): (\S+)/.exec(hubA.output() + hubB.output())?.[1];
  assert.ok(admin, 'the first hub on the new database printed the admin token');

  const workerToken = await createToken(hubA.url, admin, 'far-hosts', 'worker');
  const ran: CommandMessage[] = [];
  const onCommand = async (m: CommandMessage) => {
    ran.push(m);
    return { envelope: ok(m.command, { ran: (m.args as { target: string }).target }) };
  };
  const workerA = startSimWorker({ hubUrl: hubA.url, token: workerToken, workerId: 'host-a', devices: [webDevice('phone-a')], onCommand });
  const workerB = startSimWorker({ hubUrl: hubB.url, token: workerToken, workerId: 'host-b', devices: [webDevice('phone-b1'), webDevice('phone-b2')], onCommand });
  t.after(() => (workerA.close(), workerB.close()));
  await Promise.all([workerA.registered, workerB.registered]);
  const online = async (hub: string) =>
    data(await call<{ devices: Array<{ id: string; state: string }> }>(hub, 'GET', '/devices', admin))
      .devices.filter((d) => d.state === 'online')
      .map((d) => d.id)
      .join(',');
  await waitFor('hub A to list the devices of both workers', async () => (await online(hubA.url)) === 'phone-a,phone-b1,phone-b2');

  const agents: Agent[] = [];
  for (const [name, hub, deviceId] of [['agent-1', hubA.url, 'phone-b1'], ['agent-2', hubB.url, 'phone-b2']] as const) {
    const token = await createToken(hubA.url, admin, name, 'agent');
    const lease = data(await call<{ id: string }>(hub, 'POST', '/leases', token, { deviceId }));
    agents.push({ name, token, deviceId, leaseId: lease.id, answered: [] });
  }
  const act = async (agent: Agent, hub: string, n: number) => {
    for (let i = 0; i < n; i++) {
      const target = `@${agent.answered.length + 1}`;
      const answer = await call<{ ran: string }>(hub, 'POST', `/devices/${agent.deviceId}/tap`, agent.token, { target });
      assert.equal(data(answer).ran, target, `${agent.name} ${target}`);
      agent.answered.push(target);
    }
  };
  const [agent1, agent2] = agents as [Agent, Agent];
  await Promise.all([act(agent1, hubA.url, 10), act(agent2, hubB.url, 10)]);
  assert.equal(ran.filter((m) => m.deviceId === 'phone-b1').length, 10, "agent 1's taps through hub A ran on hub B's worker");

  hubA.child.kill('SIGKILL');
  await new Promise((resolve) => hubA.child.once('exit', resolve));
  // Agent 1 reconnects to the surviving hub, as behind a load balancer; agent 2 never noticed.
  await Promise.all([act(agent1, hubB.url, 10), act(agent2, hubB.url, 10)]);
  await waitFor('hub B to see the device of the worker on the dead hub go offline', async () => (await online(hubB.url)) === 'phone-b1,phone-b2', 20_000);
  const leases = data(await call<{ leases: Array<{ id: string }> }>(hubB.url, 'GET', '/leases', admin)).leases.map((l) => l.id).sort();
  assert.deepEqual(leases, agents.map((a) => a.leaseId).sort(), 'both leases survived the hub that granted one of them');

  const store = await PostgresStore.connect(databaseUrl, { max: 2 });
  t.after(() => store.close());
  for (const agent of agents) {
    const session = await store.sessionOfLease(agent.leaseId);
    assert.ok(session);
    const logged = await store.listActions(session.id, { limit: 1000 });
    assert.deepEqual(logged.map((a) => (a.args as { target: string }).target), agent.answered, `${agent.name}: every answered action logged once, in order`);
    assert.ok(logged.every((a) => (a.envelope as { ok?: boolean } | null)?.ok === true), 'each with its envelope');
    assert.equal(new Set(logged.map((a) => a.id)).size, logged.length);
    assert.deepEqual(ran.filter((m) => m.deviceId === agent.deviceId).map((m) => (m.args as { target: string }).target), agent.answered, `${agent.name}: each ran once on the device`);
  }
});
