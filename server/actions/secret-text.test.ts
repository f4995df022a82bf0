import assert from 'node:assert/strict';
import { test } from 'node:test';
import { io, type Socket } from 'socket.io-client';
import { UI_NAMESPACE, type ActionEntry, type UiClientEvents, type UiServerEvents } from '../../core/wire/ui-protocol.js';
import { API_PREFIX } from '../api/app.js';
import { sessionCookieFor } from '../test-support/session-cookie.js';
import { startSimWorker, webDevice } from '../test-support/sim-worker.js';
import { startTestHub } from '../test-support/test-hub.js';
import { attachUi } from '../ui/ui-namespace.js';
import { REDACTED } from './secret-text.js';

type Env<T = Record<string, unknown>> = { ok: boolean; data: T };
const PASSWORD = 'hunter2-correct-horse';

// Issue 18, item 6: typed text (passwords) was readable by every viewer in the log.
test('type with secret: true is hidden from viewers and other agents in the log, the live feed, replays, flows and shares; the typist and admins see it', async (t) => {
  const h = await startTestHub(t);
  const ui = attachUi(h.hub.io, h.hub.services);
  t.after(() => ui.close());
  // The stand-in device answers as a real one does: the field's value after typing, and a diff naming it.
  const worker = startSimWorker({
    hubUrl: h.hub.url,
    token: h.tokens.worker,
    devices: [webDevice('dev1')],
    onCommand: async (m) => {
      const text = String((m.args as { text?: string }).text ?? '');
      return { envelope: { version: '1', ok: true, command: m.command, data: { value: text, diff: `~ TextField "Password" value "${text}"` } } };
    },
  });
  t.after(() => worker.close());
  await worker.registered;

  const sockets: Array<Socket<UiServerEvents, UiClientEvents>> = [];
  t.after(() => sockets.forEach((s) => s.close()));
  const watch = async (token: string): Promise<ActionEntry[]> => {
    const socket: Socket<UiServerEvents, UiClientEvents> = io(`${h.hub.url}${UI_NAMESPACE}`, {
      forceNew: true,
      transports: ['websocket'],
      extraHeaders: { cookie: await sessionCookieFor(h.hub.services.verifier, token) },
    });
    sockets.push(socket);
    const heard: ActionEntry[] = [];
    socket.on('action', (a) => heard.push(a));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    await new Promise((resolve) => socket.emit('device:watch', { deviceId: 'dev1' }, resolve));
    return heard;
  };
  const viewerFeed = await watch(h.tokens.viewer);
  const adminFeed = await watch(h.tokens.admin);

  const act = (body: unknown) => h.call('POST', `${API_PREFIX}/devices/dev1/type`, { token: h.tokens.agent, body });
  assert.equal((await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'dev1' } })).status, 200);
  const typed = await act({ text: PASSWORD, secret: true });
  assert.equal(typed.status, 200);
  assert.ok(JSON.stringify(typed.body).includes(PASSWORD), 'the typist gets its own answer whole');
  assert.equal((await act({ text: 'Ada Lovelace' })).status, 200);
  const batch = await h.call('POST', `${API_PREFIX}/devices/dev1/batch`, { token: h.tokens.agent, body: { steps: [{ command: 'type', args: { text: `${PASSWORD}-2`, secret: true } }] } });
  assert.equal(batch.status, 200);

  const sessionId = ((await h.call('GET', `${API_PREFIX}/sessions`, { token: h.tokens.admin })).body as Env<{ sessions: Array<{ id: string }> }>).data.sessions[0]?.id as string;
  const read = async (token: string, path: string) => JSON.stringify((await h.call('GET', `${API_PREFIX}${path}`, { token })).body);
  const logPath = `/sessions/${sessionId}/actions`;

  for (const path of [logPath, `/sessions/${sessionId}/replay`, `/sessions/${sessionId}/flow`]) {
    const asViewer = await read(h.tokens.viewer, path);
    assert.ok(!asViewer.includes('hunter2'), `${path}: a viewer never sees the secret`);
    assert.ok(asViewer.includes(REDACTED), `${path}: it shows that something was hidden`);
    assert.ok(!(await read(h.tokens.member, path)).includes('hunter2'), `${path}: nor does another member`);
  }
  const viewerLog = await read(h.tokens.viewer, logPath);
  assert.ok(viewerLog.includes('Ada Lovelace'), 'text typed without --secret stays readable');
  assert.ok((await read(h.tokens.agent, logPath)).includes(PASSWORD), 'the typist reads its own log');
  assert.ok((await read(h.tokens.admin, logPath)).includes(PASSWORD), 'admins read everything');

  const evidence = (await h.call('GET', `${API_PREFIX}/sessions/${sessionId}/evidence`, { token: h.tokens.viewer })).body as Buffer;
  assert.ok(!evidence.includes('hunter2'), 'the evidence zip (stored, not compressed) of a viewer hides it too');
  const share = ((await h.call('POST', `${API_PREFIX}/sessions/${sessionId}/shares`, { token: h.tokens.member, body: {} })).body as Env<{ token: string }>).data;
  const shared = await h.call('GET', `${API_PREFIX}/share/${share.token}/`);
  assert.equal(shared.status, 200);
  assert.ok(!Buffer.from(JSON.stringify(shared.body) + String(shared.body)).includes('hunter2'), 'a share link hides it');

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  };
  const finished = (feed: ActionEntry[]) => feed.filter((a) => a.finishedAt !== null).length >= 3;
  await until(() => finished(viewerFeed) && finished(adminFeed));
  assert.ok(finished(viewerFeed) && finished(adminFeed), 'both pages heard the three actions');
  assert.ok(!JSON.stringify(viewerFeed).includes('hunter2'), "the viewer's live feed hides it");
  assert.ok(JSON.stringify(adminFeed).includes(PASSWORD), "the admin's live feed shows it");
  const reopened = await watch(h.tokens.viewer);
  assert.equal(reopened.length, 0);
  const history = await new Promise<Env<{ actions: ActionEntry[] }>>((resolve) => sockets.at(-1)?.emit('device:watch', { deviceId: 'dev1' }, resolve as never));
  assert.ok(history.data.actions.length >= 3 && !JSON.stringify(history.data.actions).includes('hunter2'), 'nor does the history a page opens with');
});
