import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { ok } from '../core/contract/index.js';
import { WORKER_NAMESPACE, type CommandResult, type FrameMessage } from '../core/wire/worker-protocol.js';
import { API_PREFIX } from './api/app.js';
import { startSimWorker, webDevice } from './test-support/sim-worker.js';
import { startTestHub, type TestHub } from './test-support/test-hub.js';

type Env = { ok: boolean; data?: Record<string, unknown>; error?: { code: string; disposition: { delivery: string; retry: string } } };

async function deviceState(h: TestHub, id: string): Promise<string> {
  const res = await h.call('GET', `${API_PREFIX}/devices/${id}`, { token: h.tokens.viewer });
  return String(((res.body as Env).data as { state: string }).state);
}

async function until(check: () => Promise<boolean>, what: string, limitMs = 10_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await sleep(50);
  }
}

const never = () => new Promise<CommandResult>(() => undefined);

test('a command reaches the owning worker with its lease, actor and deadline, and its envelope comes back', async (t) => {
  const h = await startTestHub(t);
  const w1 = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: 'w1', devices: [webDevice('a')], onCommand: async (m) => ({ envelope: ok(m.command, { by: 'w1' }) }) });
  const w2 = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: 'w2', devices: [webDevice('b')], onCommand: async (m) => ({ envelope: ok(m.command, { by: 'w2' }) }) });
  t.after(() => (w1.close(), w2.close()));
  assert.deepEqual(await w1.registered, { ok: true, hubVersion: h.hub.services.hubVersion });
  await w2.registered;
  const lease = ((await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'b' } })).body as Env).data as { id: string };
  const res = await h.call('POST', `${API_PREFIX}/devices/b/swipe`, { token: h.tokens.agent, body: { from: '@2', dy: -200 }, headers: { 'x-simlab-deadline-ms': '5000' } });
  assert.equal((res.body as Env).data?.by, 'w2');
  assert.equal(w1.received.length, 0);
  const msg = w2.received[0];
  assert.equal(msg?.command, 'swipe');
  assert.deepEqual(msg?.args, { from: '@2', dy: -200, ms: 300 });
  assert.equal(msg?.leaseId, lease.id);
  assert.equal(msg?.actor.name, 'agent-1');
  assert.ok(msg && msg.deadlineMs > 0 && msg.deadlineMs <= 5000);
});

test('only worker tokens open /workers; the main namespace is closed; unknown namespaces are refused', async (t) => {
  const h = await startTestHub(t);
  for (const nsp of ['/', '/nope']) {
    const socket = io(h.hub.url + nsp, { auth: { token: h.tokens.worker }, transports: ['websocket'], reconnection: false });
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.disconnect();
    assert.match(err.message, /UNAUTHORIZED|Invalid namespace/, nsp);
  }
  for (const token of ['slk_bad', h.tokens.admin, h.tokens.agent]) {
    const socket = io(h.hub.url + WORKER_NAMESPACE, { auth: { token }, transports: ['websocket'], reconnection: false });
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.disconnect();
    assert.equal(err.message, 'UNAUTHORIZED');
  }
});

test('a lost worker: in-flight commands end delivery_uncertain (received) or not_delivered (never received), its devices go offline and come back on reconnect', async (t) => {
  const h = await startTestHub(t);
  const received = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: 'w1', devices: [webDevice('a')], onCommand: never });
  await received.registered;
  await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'a' } });
  const pending = h.call('POST', `${API_PREFIX}/devices/a/long-press`, { token: h.tokens.agent, body: { target: '@1', ms: 5000 }, headers: { 'x-simlab-deadline-ms': '60000' } });
  await until(async () => received.received.length === 1, 'the worker has the command');
  await sleep(50);
  received.close();
  const lost = await pending;
  assert.equal(lost.status, 503);
  assert.equal((lost.body as Env).error?.disposition.delivery, 'delivery_uncertain');
  assert.equal((lost.body as Env).error?.disposition.retry, 'unsafe');
  await until(async () => (await deviceState(h, 'a')) === 'offline', 'device offline');

  const silent = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: 'w1', devices: [webDevice('a')], confirm: false, onCommand: never });
  await silent.registered;
  assert.equal(await deviceState(h, 'a'), 'online', 'back with its worker');
  const pending2 = h.call('POST', `${API_PREFIX}/devices/a/tap`, { token: h.tokens.agent, body: { target: '@1' } });
  await until(async () => silent.received.length === 1, 'the command is on the socket');
  silent.close();
  const notDelivered = (await pending2).body as Env;
  assert.equal(notDelivered.error?.disposition.delivery, 'not_delivered');
  assert.equal(notDelivered.error?.disposition.retry, 'safe');

  const log = await h.hub.services.store.listActions(
    (((await h.call('GET', `${API_PREFIX}/sessions`, { token: h.tokens.viewer })).body as Env).data?.sessions as Array<{ id: string }>)[0]?.id ?? '',
    { limit: 10 },
  );
  assert.deepEqual(log.map((a) => a.command), ['long-press', 'tap'], 'both actions are in the log');
  assert.deepEqual(log.map((a) => (a.envelope as Env).error?.disposition.delivery), ['delivery_uncertain', 'not_delivered']);
});

test('a recording start its worker has not answered ends when the worker goes, not at the start timeout', async (t) => {
  const h = await startTestHub(t);
  const w = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: 'w1', devices: [webDevice('a', { record: true })] });
  await w.registered;
  const asked = new Promise<void>((resolve) => w.socket.once('recording:start', () => resolve()));
  const ack = h.hub.services.workers.startRecording('a', 'rec_test');
  await asked;
  w.close();
  const answer = await ack;
  assert.equal(answer.ok, false);
  assert.match(answer.ok ? '' : answer.error, /^the worker left before it answered recording:start \(the worker disconnected\)$/);
});

test('a missed deadline ends the call with TIMEOUT within the deadline', async (t) => {
  const h = await startTestHub(t);
  const w = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('a')], onCommand: never });
  t.after(() => w.close());
  await w.registered;
  await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'a' } });
  const res = await h.call('POST', `${API_PREFIX}/devices/a/tap`, { token: h.tokens.agent, body: { target: '@1' }, headers: { 'x-simlab-deadline-ms': '300' } });
  assert.equal(res.status, 504);
  assert.equal((res.body as Env).error?.code, 'TIMEOUT');
  assert.equal((res.body as Env).error?.disposition.delivery, 'delivery_uncertain');
});

test('a worker that stops heartbeating has its devices marked offline and is dropped', async (t) => {
  const h = await startTestHub(t, { offlineAfterMs: 1000 });
  const w = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('a')], heartbeat: false });
  t.after(() => w.close());
  await w.registered;
  assert.equal(await deviceState(h, 'a'), 'online');
  await until(async () => (await deviceState(h, 'a')) === 'offline', 'offline after silence');
  await until(async () => w.socket.disconnected, 'the hub dropped the silent worker');
  const agentLease = await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'a' } });
  assert.equal(agentLease.status, 200, 'an offline device can still be leased');
  const act = await h.call('POST', `${API_PREFIX}/devices/a/tap`, { token: h.tokens.agent, body: { target: '@1' } });
  assert.equal(act.status, 503);
  assert.equal((act.body as Env).error?.disposition.delivery, 'not_delivered');
});

test('frames flow only while someone subscribes; the latest frame reaches the listener', async (t) => {
  const h = await startTestHub(t);
  const w = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('a')] });
  t.after(() => w.close());
  const requests: string[] = [];
  w.socket.on('frames:subscribe', (m) => requests.push(`sub ${m.deviceId}`));
  w.socket.on('frames:unsubscribe', (m) => requests.push(`unsub ${m.deviceId}`));
  await w.registered;
  const frames: FrameMessage[] = [];
  const stop = h.hub.services.workers.subscribeFrames('a', (f) => frames.push(f));
  await until(async () => requests.length === 1, 'subscribe reached the worker');
  w.socket.emit('frame', { deviceId: 'a', timestamp: 1, width: 2, height: 2, data: Buffer.from([0xff, 0xd8]) });
  w.socket.emit('frame', { deviceId: 'zzz', timestamp: 1, width: 2, height: 2, data: Buffer.from([0xff, 0xd8]) });
  await until(async () => frames.length === 1, 'a frame arrived');
  assert.deepEqual([...frames[0]!.data], [0xff, 0xd8]);
  stop();
  await until(async () => requests.length === 2, 'unsubscribe reached the worker');
  assert.deepEqual(requests, ['sub a', 'unsub a']);
});

test('a worker sending garbage cannot crash the hub or invent devices', async (t) => {
  const h = await startTestHub(t);
  const socket = io(h.hub.url + WORKER_NAMESPACE, { auth: { token: h.tokens.worker }, transports: ['websocket'], reconnection: false });
  t.after(() => socket.disconnect());
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const loose = socket as unknown as { emit: (event: string, ...args: unknown[]) => void; emitWithAck: (event: string, ...args: unknown[]) => Promise<unknown> };
  loose.emit('devices', { devices: [webDevice('sneaky')] });
  loose.emit('frame', { deviceId: 'x', data: 'nope' });
  loose.emit('register', null);
  loose.emit('register', { workerId: 'w' });
  loose.emit('command:received', 42);
  loose.emit('heartbeat', 'now');
  loose.emit('no-such-event', { a: 1 });
  const refused = await loose.emitWithAck('register', { workerId: '', host: 1, devices: 'all' });
  assert.equal((refused as { ok: boolean }).ok, false);
  const devices = ((await h.call('GET', `${API_PREFIX}/devices`, { token: h.tokens.viewer })).body as Env).data?.devices as unknown[];
  assert.deepEqual(devices, [], 'nothing registered, nothing listed');
  const accepted = await loose.emitWithAck('register', { workerId: 'w', host: 'h', version: '1', devices: [webDevice('real')] });
  assert.equal((accepted as { ok: boolean }).ok, true);
  assert.equal(await deviceState(h, 'real'), 'online');
});
