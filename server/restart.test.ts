import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PREFIX } from './api/app.js';
import { startHub } from './hub.js';
import { startSimWorker, webDevice } from './test-support/sim-worker.js';
import { call } from './test-support/test-hub.js';
import { tempDataDir } from './test-support/temp-data-dir.js';
import { issueToken } from './auth/tokens.js';

type Env = { ok: boolean; data?: Record<string, unknown>; error?: { code: string } };

test('a hub restart on the same data dir keeps tokens, leases and the log; the worker reconnects and its device comes back', async (t) => {
  const dataDir = tempDataDir(t);
  const first = await startHub({ port: 0, dataDir });
  assert.ok(first.adminToken, 'the first start creates an admin token');
  const agent = (await issueToken(first.services.store, 'agent-1', 'agent', null)).token;
  const worker = startSimWorker({ hubUrl: first.url, token: first.workerToken ?? '', devices: [webDevice('a')], reconnect: true });
  t.after(() => worker.close());
  await worker.registered;
  const lease = ((await call(first.url, 'POST', `${API_PREFIX}/leases`, { token: agent, body: { deviceId: 'a' } })).body as Env).data as { id: string; sessionId: string };
  assert.equal((await call(first.url, 'POST', `${API_PREFIX}/devices/a/tap`, { token: agent, body: { target: '@1' } })).status, 200);
  const port = first.port;
  await first.close();

  const second = await startHub({ port, dataDir, localWorker: false });
  t.after(() => second.close());
  assert.equal(second.adminToken, null, 'no second admin token');
  const workerToken = first.workerToken ?? '';
  assert.ok(workerToken);
  let registrations = 0;
  worker.socket.on('connect', () => registrations++);
  const deadline = Date.now() + 15_000;
  let state = 'offline';
  while (state !== 'online' && Date.now() < deadline) {
    await sleep(100);
    const dev = (await call(second.url, 'GET', `${API_PREFIX}/devices/a`, { token: agent })).body as Env;
    state = String((dev.data as { state?: string } | undefined)?.state);
  }
  assert.equal(state, 'online', 'the worker reconnected and registered again');
  assert.ok(registrations >= 1);
  const leases = ((await call(second.url, 'GET', `${API_PREFIX}/leases`, { token: agent })).body as Env).data?.leases as Array<{ id: string }>;
  assert.deepEqual(leases.map((l) => l.id), [lease.id], 'the lease survived');
  assert.equal((await call(second.url, 'POST', `${API_PREFIX}/devices/a/tap`, { token: agent, body: { target: '@2' } })).status, 200, 'and still works');
  const log = ((await call(second.url, 'GET', `${API_PREFIX}/sessions/${lease.sessionId}/actions`, { token: agent })).body as Env).data?.actions as Array<{ args: unknown }>;
  assert.deepEqual(log.map((a) => a.args), [{ target: '@1' }, { target: '@2' }]);
});

test('a hub that cannot take its port fails to start and leaves its data dir usable', async (t) => {
  const first = await startHub({ port: 0, dataDir: tempDataDir(t) });
  t.after(() => first.close());
  const dataDir = tempDataDir(t);
  await assert.rejects(startHub({ port: first.port, dataDir }), /EADDRINUSE/);
  const again = await startHub({ port: 0, dataDir });
  t.after(() => again.close());
  assert.ok(again.adminToken, 'the failed start minted no admin token it could not show');
});
