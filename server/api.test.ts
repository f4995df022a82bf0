import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fail, ok } from '../core/contract/index.js';
import { COMMANDS } from '../core/wire/commands.js';
import { routeTable, API_PREFIX } from './api/app.js';
import { roleAtLeast } from './auth/roles.js';
import { startSimWorker, webDevice } from './test-support/sim-worker.js';
import { startTestHub } from './test-support/test-hub.js';
import type { Role } from './store/store.js';

type Env = { ok: boolean; command: string; data?: Record<string, unknown>; error?: { code: string; details?: Record<string, unknown>; disposition: { delivery: string; retry: string } } };

const SAMPLE_BODIES: Record<string, unknown> = {
  '/leases': { deviceId: 'dev1' },
  '/tokens': { name: 'walk', role: 'viewer' },
  '/devices/:id/tap': { target: '@1' },
  '/devices/:id/double-tap': { target: '@1' },
  '/devices/:id/long-press': { target: '@1' },
  '/devices/:id/swipe': { from: '@1', dy: 100 },
  '/devices/:id/drag': { from: '@1', to: '@2' },
  '/devices/:id/scroll-by': { dy: 100 },
  '/devices/:id/fling': { direction: 'up' },
  '/devices/:id/pinch': { scale: 2 },
  '/devices/:id/rotate': { degrees: 90 },
  '/devices/:id/two-finger-tap': {},
  '/devices/:id/two-finger-long-press': {},
  '/devices/:id/perform': { fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 0 }] }] },
  '/devices/:id/type': { text: 'hi' },
  '/devices/:id/toggle': { target: '@1' },
  '/devices/:id/key': { key: 'Enter' },
  '/devices/:id/button': { button: 'back' },
  '/devices/:id/web/open': { url: 'https://example.com/' },
  '/devices/:id/flows': { flow: { flow: 1, steps: [{ command: 'tap', args: { target: '@1' } }] } },
};

test('the route table, walked unauthenticated and with each role, answers 401 / 403 / allowed exactly by minimum role', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await worker.registered;
  const routes = routeTable(hub.services);
  assert.ok(routes.length >= 30, `a full table (${routes.length} routes)`);
  for (const r of routes) {
    const path = API_PREFIX + r.url.replace(':id', r.url.startsWith('/devices') ? 'dev1' : 'nope');
    const body = r.method === 'POST' ? (SAMPLE_BODIES[r.url] ?? {}) : undefined;
    const anon = await call(r.method, path, { body });
    // Share-link routes are opened by the signed share token in their path, never by an API token.
    const shareLink = r.url.includes(':token');
    if (shareLink) {
      const file = path.replace(':file', r.url.includes('/video/') ? 'recording-1.mp4' : '1-after.jpg');
      for (const token of [null, ...Object.values(tokens)]) {
        const res = await call(r.method, file, { token });
        assert.equal(res.status, 401, `${r.method} ${r.url} with no share token in the path`);
      }
      continue;
    }
    if (r.minRole === null) assert.equal(anon.status, 200, `${r.method} ${r.url} is public`);
    else {
      assert.equal(anon.status, 401, `${r.method} ${r.url} without a token`);
      assert.equal((anon.body as Env).error?.code, 'UNAUTHORIZED');
    }
    for (const role of ['viewer', 'agent', 'member', 'admin', 'worker'] as Role[]) {
      const res = await call(r.method, path, { token: tokens[role], body });
      const allowed = r.minRole === null || roleAtLeast(role, r.minRole);
      if (allowed) assert.ok(res.status !== 401 && res.status !== 403, `${role} may ${r.method} ${r.url} (got ${res.status} ${JSON.stringify(res.body)})`);
      else assert.equal(res.status, 403, `${role} may not ${r.method} ${r.url}`);
      assert.ok(res.status < 500, `${role} ${r.method} ${r.url} -> ${res.status}`);
      const lease = (await call('GET', `${API_PREFIX}/leases`, { token: tokens.admin })).body as Env;
      for (const l of (lease.data?.leases ?? []) as Array<{ id: string }>) await call('POST', `${API_PREFIX}/leases/${l.id}/revoke`, { token: tokens.admin });
    }
  }
});

test('expired and revoked tokens are refused with UNAUTHORIZED', async (t) => {
  const { call, tokens } = await startTestHub(t);
  const created = await call('POST', `${API_PREFIX}/tokens`, { token: tokens.admin, body: { name: 'short', role: 'agent', expiresInMs: 1 } });
  assert.equal(created.status, 200);
  const short = (created.body as Env).data as { token: string; id: string };
  await new Promise((r) => setTimeout(r, 20));
  const expired = await call('GET', `${API_PREFIX}/devices`, { token: short.token });
  assert.equal(expired.status, 401);
  assert.equal((expired.body as Env).error?.details?.reason, 'expired');

  const made = ((await call('POST', `${API_PREFIX}/tokens`, { token: tokens.admin, body: { name: 'bot', role: 'agent' } })).body as Env).data as { token: string; id: string };
  assert.equal((await call('GET', `${API_PREFIX}/devices`, { token: made.token })).status, 200);
  const listed = (await call('GET', `${API_PREFIX}/tokens`, { token: tokens.admin })).body as Env;
  assert.ok(!JSON.stringify(listed).includes(made.token.slice(22)), 'the list never shows secrets');
  assert.equal((await call('DELETE', `${API_PREFIX}/tokens/${made.id}`, { token: tokens.admin })).status, 200);
  const revoked = await call('GET', `${API_PREFIX}/devices`, { token: made.token });
  assert.equal(revoked.status, 401);
  assert.equal((revoked.body as Env).error?.details?.reason, 'revoked');
});

test('leases over HTTP: acquire, DEVICE_BUSY with holder, queued acquire gets the device after release', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await worker.registered;
  const a = await call('POST', `${API_PREFIX}/leases`, { token: tokens.agent, body: { deviceId: 'dev1' } });
  assert.equal(a.status, 200);
  const lease = (a.body as Env).data as { id: string; sessionId: string };
  const busy = await call('POST', `${API_PREFIX}/leases`, { token: tokens.member, body: { deviceId: 'dev1' } });
  assert.equal(busy.status, 423);
  assert.equal((busy.body as Env).error?.code, 'DEVICE_BUSY');
  assert.equal((busy.body as Env).error?.details?.holder, 'agent-1');
  const tapBusy = await call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.member, body: { target: '@1' } });
  assert.equal(tapBusy.status, 423);
  const devices = (await call('GET', `${API_PREFIX}/devices`, { token: tokens.viewer })).body as Env;
  assert.deepEqual((devices.data?.devices as Array<{ lease: { holder: string } }>)[0]?.lease.holder, 'agent-1');
  const queued = call('POST', `${API_PREFIX}/leases`, { token: tokens.member, body: { deviceId: 'dev1', wait: true, timeoutMs: 10_000 } });
  await new Promise((r) => setTimeout(r, 100));
  assert.equal((await call('DELETE', `${API_PREFIX}/leases/${lease.id}`, { token: tokens.agent })).status, 200);
  const got = await queued;
  assert.equal(got.status, 200);
  assert.equal(((got.body as Env).data as { holder: string }).holder, 'member-1');
  const noLease = await call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@1' } });
  assert.equal(noLease.status, 423, 'member holds it now');
  const viewerLease = await call('POST', `${API_PREFIX}/leases`, { token: tokens.viewer, body: { deviceId: 'dev1' } });
  assert.equal(viewerLease.status, 403);
});

test('an action is in the log before the answer goes out; observing needs no lease but acting does', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  let pendingSeen: unknown = 'never looked';
  const worker = startSimWorker({
    hubUrl: hub.url,
    token: tokens.worker,
    devices: [webDevice('dev1')],
    onCommand: async (m) => {
      if (m.command === 'tap') {
        const session = await hub.services.store.sessionOfLease(m.leaseId);
        const actions = session ? await hub.services.store.listActions(session.id, { limit: 10 }) : [];
        pendingSeen = actions.at(-1)?.envelope;
        return { envelope: ok('tap', { delivered: true, before: 'snapA', after: 'snapB', diff: '+ Settings' }), evidence: { before: 'snapA', after: 'snapB', diff: '+ Settings' } };
      }
      return { envelope: ok(m.command, { scope: m.leaseId }) };
    },
  });
  t.after(() => worker.close());
  await worker.registered;
  const noLease = await call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@3' } });
  assert.equal(noLease.status, 428);
  assert.equal((noLease.body as Env).error?.code, 'LEASE_REQUIRED');
  const watched = await call('GET', `${API_PREFIX}/devices/dev1/outline?interactive=true`, { token: tokens.viewer });
  assert.equal(watched.status, 200);
  assert.match(String((watched.body as Env).data?.scope), /^watch:/, 'a watcher gets its own ref scope');
  assert.equal(worker.received.at(-1)?.command, 'outline');
  assert.deepEqual(worker.received.at(-1)?.args, COMMANDS.outline.parse({ interactive: true }), 'the query, parsed with the schema defaults');

  const lease = ((await call('POST', `${API_PREFIX}/leases`, { token: tokens.agent, body: { deviceId: 'dev1' } })).body as Env).data as { id: string; sessionId: string };
  const outline = await call('GET', `${API_PREFIX}/devices/dev1/outline`, { token: tokens.agent });
  assert.equal((outline.body as Env).data?.scope, lease.id, "the holder's refs belong to the lease");
  const tap = await call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@3' } });
  assert.equal(tap.status, 200);
  assert.equal(pendingSeen, null, 'the worker ran the tap while the log already held it (envelope still pending)');
  const log = (await call('GET', `${API_PREFIX}/sessions/${lease.sessionId}/actions`, { token: tokens.viewer })).body as Env;
  const actions = log.data?.actions as Array<Record<string, unknown>>;
  assert.equal(actions.length, 1, 'observations are not actions');
  assert.equal(actions[0]?.command, 'tap');
  assert.deepEqual(actions[0]?.args, { target: '@3' });
  assert.equal(actions[0]?.actor, 'agent-1');
  assert.equal(actions[0]?.outlineBefore, 'snapA');
  assert.equal(actions[0]?.diff, '+ Settings');
  assert.equal((actions[0]?.envelope as Env).ok, true);
  const sessions = (await call('GET', `${API_PREFIX}/sessions`, { token: tokens.viewer })).body as Env;
  assert.equal((sessions.data?.sessions as Array<{ id: string }>)[0]?.id, lease.sessionId);
});

test('capabilities: a device lacking one answers UNSUPPORTED before anything is sent; platform verbs live under the platform path', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  const worker = startSimWorker({
    hubUrl: hub.url,
    token: tokens.worker,
    devices: [webDevice('dev1', { multiTouch: false, platformVerbs: [], reasons: { multiTouch: 'one mouse pointer' } })],
  });
  t.after(() => worker.close());
  await worker.registered;
  await call('POST', `${API_PREFIX}/leases`, { token: tokens.agent, body: { deviceId: 'dev1' } });
  const pinch = await call('POST', `${API_PREFIX}/devices/dev1/pinch`, { token: tokens.agent, body: { scale: 2 } });
  assert.equal(pinch.status, 501);
  assert.equal((pinch.body as Env).error?.code, 'UNSUPPORTED');
  assert.equal((pinch.body as Env).error?.details?.reason, 'one mouse pointer');
  const open = await call('POST', `${API_PREFIX}/devices/dev1/web/open`, { token: tokens.agent, body: { url: 'https://example.com/' } });
  assert.equal((open.body as Env).error?.code, 'UNSUPPORTED');
  assert.equal(worker.received.length, 0);
});

test('a screenshot comes as image bytes, or as the envelope when Accept asks for JSON', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const worker = startSimWorker({
    hubUrl: hub.url,
    token: tokens.worker,
    devices: [webDevice('dev1')],
    onCommand: async (m) => ({ envelope: ok(m.command, { format: 'png', width: 1, height: 1, origin: { x: 0, y: 0 }, scale: 1, base64: png.toString('base64') }) }),
  });
  t.after(() => worker.close());
  await worker.registered;
  const bytes = await call('GET', `${API_PREFIX}/devices/dev1/screenshot?format=png&scale=0.5&crop=0,0,100,100`, { token: tokens.viewer });
  assert.equal(bytes.status, 200);
  assert.equal(bytes.headers.get('content-type'), 'image/png');
  assert.deepEqual(bytes.body, png);
  assert.deepEqual(worker.received[0]?.args, { format: 'png', scale: 0.5, crop: { x: 0, y: 0, w: 100, h: 100 } });
  const json = await call('GET', `${API_PREFIX}/devices/dev1/screenshot`, { token: tokens.viewer, headers: { accept: 'application/json' } });
  assert.equal((json.body as Env).data?.base64, png.toString('base64'));
  const bad = await call('GET', `${API_PREFIX}/devices/dev1/screenshot?crop=1,2`, { token: tokens.viewer });
  assert.equal(bad.status, 400);
});

test('bad input gets 4xx envelopes: malformed JSON, wrong types, oversized bodies, bad selectors, unknown routes and devices', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('dev1')], onCommand: async (m) => ({ envelope: fail(m.command, 'NOT_FOUND', 'no element') }) });
  t.after(() => worker.close());
  await worker.registered;
  await call('POST', `${API_PREFIX}/leases`, { token: tokens.agent, body: { deviceId: 'dev1' } });
  const expect = async (res: Promise<{ status: number; body: unknown }>, status: number, code: string, what: string) => {
    const r = await res;
    assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
    assert.equal((r.body as Env).error?.code, code, what);
  };
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, rawBody: '{"target":' }), 400, 'INVALID_ARGS', 'malformed JSON');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: 7 } }), 400, 'INVALID_ARGS', 'wrong type');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@1', extra: 1 } }), 400, 'INVALID_ARGS', 'unknown field');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/type`, { token: tokens.agent, body: { text: 'x'.repeat(300_000) } }), 400, 'INVALID_ARGS', 'oversized body');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '' } }), 400, 'INVALID_ARGS', 'empty selector');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@999' } }), 404, 'NOT_FOUND', 'a selector naming nothing (the worker says so)');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, rawBody: 'target=@1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, 'INVALID_ARGS', 'wrong media type');
  await expect(call('POST', `${API_PREFIX}/devices/nope/tap`, { token: tokens.agent, body: { target: '@1' } }), 404, 'NOT_FOUND', 'unknown device');
  await expect(call('GET', `${API_PREFIX}/nothing/here`, { token: tokens.agent }), 404, 'NOT_FOUND', 'unknown route');
  await expect(call('GET', '/elsewhere', {}), 404, 'NOT_FOUND', 'outside the API');
  await expect(call('GET', `${API_PREFIX}/devices/dev1/outline?format=xml`, { token: tokens.viewer }), 400, 'INVALID_ARGS', 'bad query');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@1' }, headers: { 'x-simlab-deadline-ms': 'soon' } }), 400, 'INVALID_ARGS', 'bad deadline');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: 'slk_nope', body: { target: '@1' } }), 401, 'UNAUTHORIZED', 'malformed token');
  await expect(call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.viewer, body: { target: '@1' } }), 403, 'FORBIDDEN', 'a viewer acting');
});

test('rate limits per token answer 429 RATE_LIMITED envelopes', async (t) => {
  const { tokens, call } = await startTestHub(t, { rateLimit: { max: 5, windowMs: 60_000 } });
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await call('GET', `${API_PREFIX}/devices`, { token: tokens.agent })).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
  const limited = await call('GET', `${API_PREFIX}/devices`, { token: tokens.agent });
  assert.equal((limited.body as Env).error?.code, 'RATE_LIMITED');
  assert.equal((await call('GET', `${API_PREFIX}/devices`, { token: tokens.viewer })).status, 200, 'another token has its own budget');
});

test('the OpenAPI 3.1 document lists every route with its schemas and minimum role', async (t) => {
  const { hub, call } = await startTestHub(t);
  const res = await call('GET', `${API_PREFIX}/openapi.json`);
  assert.equal(res.status, 200);
  const doc = res.body as { openapi: string; paths: Record<string, Record<string, { 'x-min-role': string; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };
  assert.equal(doc.openapi, '3.1.0');
  for (const r of routeTable(hub.services)) {
    const op = doc.paths[API_PREFIX + r.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[r.method.toLowerCase()];
    assert.ok(op, `${r.method} ${r.url} documented`);
    assert.equal(op['x-min-role'], r.minRole ?? 'public');
  }
  const tap = doc.paths[`${API_PREFIX}/devices/{id}/tap`]?.post;
  assert.ok(tap?.requestBody?.content['application/json']?.schema.properties?.target, 'tap body schema from core/wire/commands.ts');
});

test('one port: /api goes to the API, /socket.io to Socket.IO, everything else to the fallback handler', async (t) => {
  const { hub, tokens, call } = await startTestHub(t, {
    fallback: (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`dashboard ${req.url}`);
    },
  });
  const page = await call('GET', '/devices/dev1');
  assert.equal(String(page.body), 'dashboard /devices/dev1');
  assert.equal((await call('GET', `${API_PREFIX}/me`, { token: tokens.viewer })).status, 200);
  assert.equal((await call('GET', `${API_PREFIX}/missing`, { token: tokens.viewer })).status, 404);
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  assert.equal((await worker.registered).ok, true);
});

test('a caller that hangs up while queued for a lease leaves the queue', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await worker.registered;
  const held = ((await call('POST', `${API_PREFIX}/leases`, { token: tokens.agent, body: { deviceId: 'dev1' } })).body as Env).data as { id: string };
  const hangUp = new AbortController();
  const gaveUp = fetch(`${hub.url}${API_PREFIX}/leases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.member}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId: 'dev1', wait: true, timeoutMs: 30_000 }),
    signal: hangUp.signal,
  }).catch((err: unknown) => err);
  await new Promise((r) => setTimeout(r, 200));
  hangUp.abort();
  await gaveUp;
  await new Promise((r) => setTimeout(r, 200));
  const next = call('POST', `${API_PREFIX}/leases`, { token: tokens.admin, body: { deviceId: 'dev1', wait: true, timeoutMs: 10_000 } });
  await call('DELETE', `${API_PREFIX}/leases/${held.id}`, { token: tokens.agent });
  const got = await next;
  assert.equal(((got.body as Env).data as { holder: string }).holder, 'admin-1', 'the one who hung up was skipped');
});

test('leases over HTTP: a TTL runs out, an idle lease ends, an admin revokes; the holder then gets LEASE_REQUIRED', async (t) => {
  const { hub, tokens, call } = await startTestHub(t, { leasePolicy: { sweepMs: 50 } });
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await worker.registered;
  const acquire = async (body: Record<string, unknown>) => ((await call('POST', `${API_PREFIX}/leases`, { token: tokens.agent, body: { deviceId: 'dev1', ...body } })).body as Env).data as { id: string };
  const tap = () => call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@1' } });
  const waitEnded = async (id: string) => {
    while ((await hub.services.store.getLease(id))?.endedAt === null) await new Promise((r) => setTimeout(r, 50));
    return (await hub.services.store.getLease(id))?.endReason;
  };

  const ttl = await acquire({ ttlMs: 300 });
  assert.equal(await waitEnded(ttl.id), 'expired');
  assert.equal((await tap()).status, 428);

  const idle = await acquire({ idleMs: 300 });
  assert.equal(await waitEnded(idle.id), 'idle');
  assert.equal(((await tap()).body as Env).error?.code, 'LEASE_REQUIRED');

  const revoked = await acquire({});
  assert.equal((await call('POST', `${API_PREFIX}/leases/${revoked.id}/revoke`, { token: tokens.member })).status, 403, 'only admins revoke');
  assert.equal((await call('POST', `${API_PREFIX}/leases/${revoked.id}/revoke`, { token: tokens.admin })).status, 200);
  assert.equal((await tap()).status, 428);
  const renew = await call('POST', `${API_PREFIX}/leases/${revoked.id}/renew`, { token: tokens.agent });
  assert.equal((renew.body as Env).error?.code, 'LEASE_REQUIRED');
});
