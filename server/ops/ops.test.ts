import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fail, ok } from '../../core/contract/index.js';
import { API_PREFIX } from '../api/app.js';
import { startSimWorker, webDevice } from '../test-support/sim-worker.js';
import { startTestHub } from '../test-support/test-hub.js';

/** The value of one sample line of a Prometheus text page, or undefined. */
function sample(page: string, name: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

test('healthz and readyz answer without a token; readyz names its checks and fails when the store is gone', async (t) => {
  const h = await startTestHub(t);
  const health = await h.call('GET', '/healthz');
  assert.deepEqual([health.status, health.body], [200, { status: 'ok' }]);
  const ready = await h.call('GET', '/readyz');
  assert.deepEqual([ready.status, ready.body], [200, { status: 'ready', checks: [{ name: 'store', ok: true }] }]);
  await h.hub.services.store.close();
  const gone = await h.call('GET', '/readyz');
  assert.equal(gone.status, 503);
  assert.equal((gone.body as { status: string }).status, 'not_ready');
  assert.equal((await h.call('GET', '/healthz')).status, 200, 'alive while not ready');
});

test('metrics need a viewer token and count devices, leases, commands by outcome, latency and frames', async (t) => {
  const h = await startTestHub(t);
  const w = startSimWorker({
    hubUrl: h.hub.url,
    token: h.tokens.worker,
    devices: [webDevice('m1'), { ...webDevice('m2'), platform: 'android' }],
    onCommand: async (m) => ({ envelope: m.command === 'tap' ? ok('tap', {}) : fail(m.command, 'STALE_REF', 'gone', { delivery: 'not_delivered' }) }),
  });
  t.after(() => w.close());
  await w.registered;
  assert.equal((await h.call('GET', '/metrics')).status, 401);
  await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'm1' } });
  for (let i = 0; i < 3; i++) await h.call('POST', `${API_PREFIX}/devices/m1/tap`, { token: h.tokens.agent, body: { target: '@1' } });
  await h.call('POST', `${API_PREFIX}/devices/m1/swipe`, { token: h.tokens.agent, body: { from: '@2', dy: -100 } });
  for (let i = 0; i < 5; i++) w.socket.emit('frame', { deviceId: 'm1', timestamp: Date.now(), width: 1, height: 1, data: new Uint8Array([i]) });
  // A round trip through the hub after the frames: the socket delivers in order.
  await new Promise<void>((resolve) => w.socket.emit('register', { workerId: 'sim-worker', host: 'test', version: 'test', devices: [webDevice('m1'), { ...webDevice('m2'), platform: 'android' }] }, () => resolve()));
  const res = await h.call('GET', '/metrics', { token: h.tokens.viewer });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  const page = Buffer.from(res.body as Buffer).toString('utf8');
  assert.equal(sample(page, 'simlab_devices{state="online",platform="web"}'), 1);
  assert.equal(sample(page, 'simlab_devices{state="online",platform="android"}'), 1);
  assert.equal(sample(page, 'simlab_leases_live'), 1);
  assert.equal(sample(page, 'simlab_commands_total{command="tap",outcome="ok"}'), 3);
  assert.equal(sample(page, 'simlab_commands_total{command="swipe",outcome="STALE_REF"}'), 1);
  assert.equal(sample(page, 'simlab_command_duration_seconds_count{command="tap"}'), 3);
  assert.equal(sample(page, 'simlab_viewers'), 0);
  assert.equal(sample(page, 'simlab_stream_frames_total{device="m1"}'), 5);
  assert.equal(sample(page, 'simlab_stream_fps{device="m1"}'), 1, '5 frames in the 5 s window');
  assert.ok((sample(page, 'process_cpu_seconds_total') ?? -1) >= 0, 'process metrics too');
});

test('a request id comes back in X-Request-Id and travels with the command to the worker', async (t) => {
  const h = await startTestHub(t);
  const w = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('r1')] });
  t.after(() => w.close());
  await w.registered;
  await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'r1' } });
  const mine = await h.call('POST', `${API_PREFIX}/devices/r1/tap`, { token: h.tokens.agent, body: { target: '@1' }, headers: { 'x-request-id': 'trace-42' } });
  assert.equal(mine.headers.get('x-request-id'), 'trace-42');
  assert.equal(w.received.at(-1)?.traceId, 'trace-42');
  const odd = await h.call('POST', `${API_PREFIX}/devices/r1/tap`, { token: h.tokens.agent, body: { target: '@1' }, headers: { 'x-request-id': 'bad id\twith spaces' } });
  const given = odd.headers.get('x-request-id') ?? '';
  assert.match(given, /^req_[0-9a-f-]{36}$/, 'an unsafe id is replaced, not logged');
  assert.equal(w.received.at(-1)?.traceId, given);
});
