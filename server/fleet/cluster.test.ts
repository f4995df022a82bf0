import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ok } from '../../core/contract/index.js';
import type { FrameMessage } from '../../core/wire/worker-protocol.js';
import { API_PREFIX } from '../api/app.js';
import { issueToken } from '../auth/tokens.js';
import { startSimWorker, webDevice } from '../test-support/sim-worker.js';
import { tempPostgresDatabase } from '../test-support/temp-postgres.js';
import { tempRedis } from '../test-support/temp-redis.js';
import { call, startTestHub } from '../test-support/test-hub.js';

type Env = { ok: boolean; data?: Record<string, unknown>; error?: { code: string; disposition: { delivery: string } } };

async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 15_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await sleep(50);
  }
}

test('two hubs on one Postgres and one Redis: every device on both, a command through hub A reaches the worker on hub B, frames follow the viewer', async (t) => {
  const databaseUrl = await tempPostgresDatabase();
  const redisUrl = await tempRedis(t);
  const a = await startTestHub(t, { databaseUrl, redisUrl, localWorker: false });
  const b = await startTestHub(t, { databaseUrl, redisUrl, localWorker: false });
  const workerToken = (await issueToken(a.hub.services.store, 'far-host', 'worker', null)).token;
  const onA = startSimWorker({ hubUrl: a.hub.url, token: workerToken, workerId: 'wa', devices: [webDevice('da')] });
  const onB = startSimWorker({
    hubUrl: b.hub.url,
    token: workerToken,
    workerId: 'wb',
    devices: [webDevice('db')],
    onCommand: async (m) => ({ envelope: ok(m.command, { by: 'wb', args: m.args }), evidence: { before: 'h0', after: 'h1', thumbnail: Buffer.from([0xff, 0xd8, 1, 2, 0xff, 0xd9]) } }),
  });
  t.after(() => (onA.close(), onB.close()));
  await Promise.all([onA.registered, onB.registered]);

  const states = async (base: string) =>
    Object.fromEntries(
      (((await call(base, 'GET', `${API_PREFIX}/devices`, { token: a.tokens.viewer })).body as Env).data?.devices as Array<{ id: string; state: string }>).map((d) => [d.id, d.state]),
    );
  await until(async () => JSON.stringify(await states(a.hub.url)) === JSON.stringify({ da: 'online', db: 'online' }), 'hub A lists both devices');
  await until(async () => JSON.stringify(await states(b.hub.url)) === JSON.stringify({ da: 'online', db: 'online' }), 'hub B lists both devices');

  const lease = await a.call('POST', `${API_PREFIX}/leases`, { token: a.tokens.agent, body: { deviceId: 'db' } });
  assert.equal((lease.body as Env).ok, true);
  const tap = await a.call('POST', `${API_PREFIX}/devices/db/tap`, { token: a.tokens.agent, body: { target: '@3' }, headers: { 'x-request-id': 'across-hubs-1' } });
  assert.deepEqual((tap.body as Env).data, { by: 'wb', args: { target: '@3' } });
  assert.equal(onB.received.at(-1)?.traceId, 'across-hubs-1', 'the request id crossed both hubs to the worker');
  assert.equal(onA.received.length, 0);
  const other = await b.call('POST', `${API_PREFIX}/devices/db/tap`, { token: a.tokens.agent, body: { target: '@4' } });
  assert.equal((other.body as Env).ok, true, 'the same lease works through hub B');
  const sessionId = String(((lease.body as Env).data as { sessionId?: string }).sessionId ?? (await a.hub.services.store.sessionOfLease(String((lease.body as Env).data?.id)))?.id);
  const actions = await b.hub.services.store.listActions(sessionId, { limit: 10 });
  assert.deepEqual(actions.map((x) => (x.args as { target: string }).target), ['@3', '@4'], 'each action logged once');
  assert.equal(actions[0]?.hasThumbnail, true, 'the evidence bytes crossed the hubs intact');
  assert.deepEqual(await a.hub.services.store.actionThumbnail(sessionId, actions[0]?.id ?? ''), Buffer.from([0xff, 0xd8, 1, 2, 0xff, 0xd9]));

  let framesAsked = false;
  onB.socket.on('frames:subscribe', () => (framesAsked = true));
  const frames: FrameMessage[] = [];
  const stop = a.hub.services.workers.subscribeFrames('db', (f) => frames.push(f));
  await until(() => framesAsked, 'frames:subscribe reached the worker on hub B');
  onB.socket.emit('frame', { deviceId: 'db', timestamp: 1, width: 2, height: 3, data: new Uint8Array([9, 8, 7]) });
  await until(() => frames.length > 0, 'the frame reached a viewer on hub A');
  assert.deepEqual([frames[0]?.width, [...(frames[0]?.data ?? [])]], [2, [9, 8, 7]]);
  stop();

  await b.hub.close();
  await until(async () => (await states(a.hub.url)).db === 'offline', 'hub B leaving takes its devices offline on hub A');
  const lost = await a.call('POST', `${API_PREFIX}/devices/db/tap`, { token: a.tokens.agent, body: { target: '@3' } });
  assert.equal((lost.body as Env).error?.code, 'DEVICE_UNAVAILABLE');
});
