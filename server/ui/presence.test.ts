import assert from 'node:assert/strict';
import { test } from 'node:test';
import { io, type Socket } from 'socket.io-client';
import type { Envelope } from '../../core/contract/envelope.js';
import { UI_NAMESPACE, type DeviceViewers, type UiClientEvents, type UiServerEvents } from '../../core/wire/ui-protocol.js';
import { sessionCookieFor } from '../test-support/session-cookie.js';
import { startSimWorker, webDevice } from '../test-support/sim-worker.js';
import { startTestHub } from '../test-support/test-hub.js';
import { attachUi } from './ui-namespace.js';

type Client = Socket<UiServerEvents, UiClientEvents>;

test("a device page hears who else has it open, per person and tab, and when someone leaves; other devices' pages do not", async (t) => {
  const { hub, tokens } = await startTestHub(t);
  const ui = attachUi(hub.io, hub.services);
  t.after(() => ui.close());
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('dev1'), webDevice('dev2')] });
  t.after(() => worker.close());
  await worker.registered;

  const clients: Client[] = [];
  t.after(() => clients.forEach((c) => c.close()));
  const open = async (token: string, deviceId: string): Promise<{ socket: Client; heard: DeviceViewers[] }> => {
    const socket: Client = io(`${hub.url}${UI_NAMESPACE}`, { forceNew: true, transports: ['websocket'], extraHeaders: { cookie: await sessionCookieFor(hub.services.verifier, token) } });
    clients.push(socket);
    const heard: DeviceViewers[] = [];
    socket.on('viewers', (v) => heard.push(v));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    await new Promise((resolve) => socket.emit('device:watch', { deviceId }, resolve));
    return { socket, heard };
  };
  const names = (v: DeviceViewers | undefined) => v?.viewers.map((x) => `${x.name}:${x.pages}`).join(' ');
  const until = async (what: string, check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(check(), what);
  };

  const member = await open(tokens.member, 'dev1');
  await until('the first page hears itself', () => names(member.heard.at(-1)) === 'member-1:1');
  const viewer = await open(tokens.viewer, 'dev1');
  await open(tokens.viewer, 'dev1');
  const elsewhere = await open(tokens.agent, 'dev2');
  await until('both people, the viewer in two tabs', () => names(member.heard.at(-1)) === 'member-1:1 viewer-1:2');
  assert.equal(member.heard.at(-1)?.deviceId, 'dev1');
  assert.ok(elsewhere.heard.every((v) => v.deviceId === 'dev2' && names(v) === 'agent-1:1'), "dev2's page hears only about dev2");

  const asked = await new Promise<Envelope<DeviceViewers>>((resolve) => member.socket.emit('device:viewers', { deviceId: 'dev1' }, resolve));
  assert.ok(asked.ok);
  assert.equal(names(asked.data), 'member-1:1 viewer-1:2', 'asked at once, the same list');

  viewer.socket.close();
  await until('a closed tab leaves the list', () => names(member.heard.at(-1)) === 'member-1:1 viewer-1:1');
  member.socket.emit('device:unwatch', { deviceId: 'dev1' });
  const left = await new Promise<Envelope<DeviceViewers>>((resolve) => elsewhere.socket.emit('device:viewers', { deviceId: 'dev1' }, resolve));
  assert.equal(left.ok && names(left.data), 'viewer-1:1', 'unwatch leaves too');

  const bad = await new Promise<Envelope<DeviceViewers>>((resolve) => member.socket.emit('device:viewers', { deviceId: 'x'.repeat(500) } as never, resolve));
  assert.equal(!bad.ok && bad.error.code, 'INVALID_ARGS', 'an oversized id is refused with an envelope');
});
