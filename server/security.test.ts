import assert from 'node:assert/strict';
import { test } from 'node:test';
import WebSocket from 'ws';
import { API_PREFIX } from './api/app.js';
import { startSimWorker, webDevice } from './test-support/sim-worker.js';
import { sessionCookieFor } from './test-support/session-cookie.js';
import { startTestHub, type TestHub } from './test-support/test-hub.js';
import { attachUi } from './ui/ui-namespace.js';

type Env = { ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string } };

async function newToken(h: TestHub, role: string, name = `${role}-x`): Promise<{ token: string; id: string }> {
  const made = await h.call('POST', `${API_PREFIX}/tokens`, { token: h.tokens.admin, body: { name, role } });
  return (made.body as Env).data as { token: string; id: string };
}

/**
 * A dashboard socket on /ui as a browser opens it: the Socket.IO handshake by hand over a raw
 * WebSocket, so the request carries exactly the headers given (a cookie, an Origin).
 */
export async function openUiSocket(hubUrl: string, headers: Record<string, string>): Promise<{ ws: WebSocket; connected: boolean; closed: Promise<void> }> {
  const ws = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { headers });
  const closed = new Promise<void>((resolve) => {
    ws.on('close', () => resolve());
    ws.on('message', (data: Buffer) => {
      if (data.toString().startsWith('41/ui')) resolve();
    });
  });
  const connected = await new Promise<boolean>((resolve) => {
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('0')) ws.send('40/ui,');
      else if (text === '2') ws.send('3');
      else if (text.startsWith('40/ui,')) resolve(true);
      else if (text.startsWith('44/ui,')) resolve(false);
    });
    ws.on('error', () => resolve(false));
    ws.on('close', () => resolve(false));
  });
  return { ws, connected, closed };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Issue 18, item 4: a worker token can hijack any device.
test('a second worker token cannot take over a device id another worker serves; commands still reach the real one', async (t) => {
  const h = await startTestHub(t);
  const real = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: 'local', devices: [webDevice('local-web-1')] });
  t.after(() => real.close());
  assert.equal((await real.registered).ok, true);

  const other = await newToken(h, 'worker', 'impostor');
  const impostor = startSimWorker({ hubUrl: h.hub.url, token: other.token, workerId: 'evil', devices: [webDevice('local-web-1')] });
  t.after(() => impostor.close());
  const ack = await impostor.registered;
  assert.equal(ack.ok, false);
  assert.match(!ack.ok ? ack.error : '', /local-web-1 belong to another worker token/);

  const sameWorkerId = startSimWorker({ hubUrl: h.hub.url, token: other.token, workerId: 'local', devices: [] });
  t.after(() => sameWorkerId.close());
  const ack2 = await sameWorkerId.registered;
  assert.equal(ack2.ok, false, 'nor can it push the real worker off by reusing its worker id');

  await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'local-web-1' } });
  const typed = await h.call('POST', `${API_PREFIX}/devices/local-web-1/type`, { token: h.tokens.agent, body: { text: 'hunter2' } });
  assert.equal(typed.status, 200);
  assert.equal(real.received.length, 1, 'the real worker got the typed text');
  assert.equal(impostor.received.length + sameWorkerId.received.length, 0, 'the impostor got nothing');
  impostor.close();
  const device = (await h.call('GET', `${API_PREFIX}/devices/local-web-1`, { token: h.tokens.viewer })).body as Env;
  assert.equal(device.data?.state, 'online', 'the real device stays online after the impostor leaves');

  // The same impostor announcing the id later, through a devices update, is ignored too.
  const late = startSimWorker({ hubUrl: h.hub.url, token: other.token, workerId: 'late', devices: [webDevice('late-1')] });
  t.after(() => late.close());
  assert.equal((await late.registered).ok, true);
  late.socket.emit('devices', { devices: [webDevice('late-1'), webDevice('local-web-1')] });
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(((await h.call('GET', `${API_PREFIX}/devices/local-web-1`, { token: h.tokens.viewer })).body as Env).data?.state, 'online');
  await h.call('POST', `${API_PREFIX}/devices/local-web-1/tap`, { token: h.tokens.agent, body: { target: { x: 5, y: 5 } } });
  assert.equal(late.received.length, 0);
});

test('an admin sees and moves a device id; a worker of the new owner token may then serve it; phantoms are removed', async (t) => {
  const h = await startTestHub(t);
  const first = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: 'a', devices: [webDevice('d1')] });
  t.after(() => first.close());
  await first.registered;
  const owner = await h.call('GET', `${API_PREFIX}/devices/d1/owner`, { token: h.tokens.admin });
  const firstTokenId = ((owner.body as Env).data as { ownerTokenId: string }).ownerTokenId;
  assert.match(firstTokenId, /^[0-9a-f]{16}$/);
  assert.equal((await h.call('GET', `${API_PREFIX}/devices/d1/owner`, { token: h.tokens.member })).status, 403, 'admins only');

  const next = await newToken(h, 'worker', 'replacement');
  assert.equal((await h.call('POST', `${API_PREFIX}/devices/d1/owner`, { token: h.tokens.admin, body: { tokenId: h.tokens.agent.slice(4, 20) } })).status, 400, 'only to a worker token');
  const moved = await h.call('POST', `${API_PREFIX}/devices/d1/owner`, { token: h.tokens.admin, body: { tokenId: next.id } });
  assert.equal(moved.status, 200);
  first.close();
  const second = startSimWorker({ hubUrl: h.hub.url, token: next.token, workerId: 'b', devices: [webDevice('d1')] });
  t.after(() => second.close());
  assert.equal((await second.registered).ok, true);

  assert.equal((await h.call('DELETE', `${API_PREFIX}/devices/d1`, { token: h.tokens.admin })).status, 423, 'an online device is not removed');
  second.close();
  await until('d1 offline', async () => ((await h.call('GET', `${API_PREFIX}/devices/d1`, { token: h.tokens.viewer })).body as Env).data?.state === 'offline');
  assert.equal((await h.call('DELETE', `${API_PREFIX}/devices/d1`, { token: h.tokens.member })).status, 403);
  assert.equal((await h.call('DELETE', `${API_PREFIX}/devices/d1`, { token: h.tokens.admin })).status, 200);
  assert.equal((await h.call('GET', `${API_PREFIX}/devices/d1`, { token: h.tokens.viewer })).status, 404);
});

test('a worker cannot announce devices with markup in their names or odd ids (issue 18, item 6)', async (t) => {
  const h = await startTestHub(t);
  for (const device of [
    { ...webDevice('ok-1'), name: '<img src=x onerror=alert(1)>' },
    { ...webDevice('ok-2'), model: 'Pixel\u0000' },
    webDevice('../../etc'),
    webDevice('<b>'),
  ]) {
    const w = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, workerId: `w${Math.random().toString(36).slice(2, 8)}`, devices: [device] });
    t.after(() => w.close());
    const ack = await w.registered;
    assert.equal(ack.ok, false, JSON.stringify(device.name + device.id));
    w.close();
  }
  assert.deepEqual(((await h.call('GET', `${API_PREFIX}/devices`, { token: h.tokens.viewer })).body as Env).data?.devices, []);
});

// Issue 18, items 4 and 6: revoking a token cuts its sockets and leases at once.
test('revoking a token disconnects its worker and dashboard sockets and ends its leases at once', async (t) => {
  const h = await startTestHub(t, { leasePolicy: { idleMs: 600_000 } });
  const uiNamespace = attachUi(h.hub.io, h.hub.services);
  t.after(() => uiNamespace.close());
  const workerToken = await newToken(h, 'worker', 'w2');
  const worker = startSimWorker({ hubUrl: h.hub.url, token: workerToken.token, workerId: 'w2', devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await worker.registered;
  const agent = await newToken(h, 'agent', 'bot');
  const lease = ((await h.call('POST', `${API_PREFIX}/leases`, { token: agent.token, body: { deviceId: 'dev1' } })).body as Env).data as { id: string };
  const agentCookie = await sessionCookieFor(h.hub.services.verifier, agent.token);
  const ui = await openUiSocket(h.hub.url, { cookie: agentCookie });
  t.after(() => ui.ws.close());
  assert.equal(ui.connected, true);

  const workerGone = new Promise<void>((resolve) => worker.socket.once('disconnect', () => resolve()));
  const uiGone = ui.closed;
  const started = Date.now();
  assert.equal((await h.call('DELETE', `${API_PREFIX}/tokens/${agent.id}`, { token: h.tokens.admin })).status, 200);
  assert.equal((await h.call('DELETE', `${API_PREFIX}/tokens/${workerToken.id}`, { token: h.tokens.admin })).status, 200);
  await Promise.all([workerGone, uiGone]);
  const tookMs = Date.now() - started;
  assert.ok(tookMs < 2000, `cut within ${tookMs} ms`);
  assert.equal((await h.hub.services.store.getLease(lease.id))?.endReason, 'revoked', 'the revoked agent lease ended');
  const session = await h.hub.services.verifier.sessions.check(agentCookie.split('=')[1] as string);
  assert.equal(!session.ok && session.reason, 'signed-out', 'its dashboard sessions ended');
  const device = ((await h.call('GET', `${API_PREFIX}/devices/dev1`, { token: h.tokens.viewer })).body as Env).data as { state: string; lease: unknown };
  assert.equal(device.state, 'offline');
  assert.equal(device.lease, null);
});

// Issue 18, item 5: other sites on the same host can act as a signed-in person.
test('cookie requests and /ui handshakes from another origin are refused; the hub’s own origin and API tokens pass', async (t) => {
  const h = await startTestHub(t);
  const uiNamespace = attachUi(h.hub.io, h.hub.services);
  t.after(() => uiNamespace.close());
  const worker = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await worker.registered;
  const own = h.hub.url;
  const evil = own.replace(/:\d+$/, ':1');
  const cookie = await sessionCookieFor(h.hub.services.verifier, h.tokens.admin);

  const forged = await h.call('POST', `${API_PREFIX}/leases`, { headers: { cookie, origin: evil }, body: { deviceId: 'dev1' } });
  assert.equal(forged.status, 403, 'a page on another port cannot take a lease as the admin');
  const noCors = await h.call('POST', `${API_PREFIX}/leases`, { headers: { cookie, 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' }, rawBody: '{"deviceId":"dev1"}' });
  assert.equal(noCors.status, 403, 'nor a no-cors post without Origin');
  const bearer = await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, headers: { origin: evil }, body: { deviceId: 'dev1' } });
  assert.equal(bearer.status, 200, 'API tokens in the header stay as they are');
  await h.call('DELETE', `${API_PREFIX}/leases/${((bearer.body as Env).data as { id: string }).id}`, { token: h.tokens.agent });
  const mine = await h.call('POST', `${API_PREFIX}/leases`, { headers: { cookie, origin: own }, body: { deviceId: 'dev1' } });
  assert.equal(mine.status, 200, 'the dashboard itself acts');

  const hijack = await openUiSocket(own, { cookie, origin: evil });
  t.after(() => hijack.ws.close());
  assert.equal(hijack.connected, false, 'cross-site WebSocket hijacking of /ui is refused');
  const dashboard = await openUiSocket(own, { cookie, origin: own });
  t.after(() => dashboard.ws.close());
  assert.equal(dashboard.connected, true);
});

test('a malformed cookie is 401, not 500; every answer carries the anti-framing and nosniff headers (issue 18, item 6)', async (t) => {
  const h = await startTestHub(t);
  const bad = await h.call('GET', `${API_PREFIX}/devices`, { headers: { cookie: 'simlab_session=%E0%A4%A' } });
  assert.equal(bad.status, 401);
  assert.equal((bad.body as Env).error?.code, 'UNAUTHORIZED');
  for (const res of [bad, await h.call('GET', `${API_PREFIX}/health`)]) {
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  }
});

// Issue 18, item 6: 1,204 forged tokens in 0.7 s, none refused; each named a new id, so the per-token limit never applied.
test('failed authentication is limited by client address before any token is checked: REST, MCP, /ui and /workers answer 429', async (t) => {
  const windowMs = 1500;
  const h = await startTestHub(t, { authFailureLimit: { max: 5, windowMs } });
  const uiNamespace = attachUi(h.hub.io, h.hub.services);
  t.after(() => uiNamespace.close());
  const forged = (i: number) => `slk_${i.toString(16).padStart(16, '0')}_${'A'.repeat(43)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await h.call('GET', `${API_PREFIX}/devices`, { token: forged(i) })).status);
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);

  const limited = await h.call('GET', `${API_PREFIX}/devices`, { token: h.tokens.agent });
  assert.equal(limited.status, 429, 'a real token from the same address is refused too: nothing is checked');
  const envelope = limited.body as Env & { error: { retry_after_ms?: number } };
  assert.equal(envelope.error.code, 'RATE_LIMITED');
  assert.ok((envelope.error.retry_after_ms ?? 0) > 0 && (envelope.error.retry_after_ms ?? 0) <= windowMs);
  const mcp = await h.call('POST', '/mcp', { token: h.tokens.agent, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  assert.equal(mcp.status, 429);
  const ui = await openUiSocket(h.hub.url, { cookie: await sessionCookieFor(h.hub.services.verifier, h.tokens.admin) });
  t.after(() => ui.ws.close());
  assert.equal(ui.connected, false, 'the dashboard socket is refused');
  const worker = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await assert.rejects(worker.registered, (err: Error) => err.message === 'RATE_LIMITED');

  await new Promise((r) => setTimeout(r, windowMs + 100));
  assert.equal((await h.call('GET', `${API_PREFIX}/devices`, { token: h.tokens.agent })).status, 200, 'the address is let in once its window ends');
  assert.equal((await h.call('GET', `${API_PREFIX}/devices`, { token: h.tokens.agent })).status, 200, 'good requests do not count');
});
