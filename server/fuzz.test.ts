import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { API_PREFIX, routeTable } from './api/app.js';
import { startSimWorker, webDevice } from './test-support/sim-worker.js';
import { startTestHub } from './test-support/test-hub.js';

const RUNS = 2500;

test(`${RUNS} random requests never get a 5xx, always an envelope, and the hub stays up`, async (t) => {
  const h = await startTestHub(t);
  const worker = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('dev1'), webDevice('dev2')] });
  t.after(() => worker.close());
  await worker.registered;
  await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.agent, body: { deviceId: 'dev1' } });

  const segment = fc.oneof(
    fc.constantFrom('devices', 'dev1', 'dev2', 'nope', 'leases', 'sessions', 'tokens', 'tap', 'outline', 'screenshot', 'app-state', 'web', 'open', 'renew', 'revoke', 'actions', 'health', 'me', 'openapi.json', 'swipe', 'pinch', 'type', 'key', 'perform'),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  const templates = routeTable(h.hub.services).map((r) => [r.method, r.url] as const);
  const known = fc
    .tuple(fc.constantFrom(...templates), fc.oneof(fc.constantFrom('dev1', 'dev2', 'nope', 'lse_x', 'ses_x'), fc.string({ maxLength: 12 }).map(encodeURIComponent)), fc.option(fc.string({ maxLength: 30 })))
    .map(([[method, url], id, query]) => ({ method, path: `${API_PREFIX}${url.replace(':id', id || 'x')}${query ? `?${query}` : ''}` }));
  const random = fc.tuple(fc.constantFrom(API_PREFIX, API_PREFIX, '', '/api', '/socket.io'), fc.array(segment, { maxLength: 5 }), fc.option(fc.dictionary(fc.constantFrom('format', 'interactive', 'wait', 'since', 'scale', 'crop', 'limit', 'after', 'x'), fc.string({ maxLength: 10 }), { maxKeys: 3 })))
    .map(([prefix, segs, query]) => `${prefix}/${segs.join('/')}${query ? `?${new URLSearchParams(query).toString()}` : ''}`);
  const target = fc.oneof(
    { arbitrary: known, weight: 3 },
    { arbitrary: fc.record({ method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH'), path: random }), weight: 1 },
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.record({ target: fc.oneof(fc.string({ maxLength: 20 }), fc.record({ x: fc.double(), y: fc.double() })), dy: fc.anything() }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
  );
  const request = fc.record({
    target,
    body,
    token: fc.constantFrom(null, 'admin', 'member', 'agent', 'viewer', 'worker', 'garbage'),
    contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
  });

  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async ({ target: { method, path }, ...r }) => {
      const headers: Record<string, string> = {};
      if (r.token === 'garbage') headers.authorization = 'Bearer slk_0000000000000000_' + 'A'.repeat(43);
      else if (r.token) headers.authorization = `Bearer ${h.tokens[r.token]}`;
      if (r.contentType && r.body !== undefined) headers['content-type'] = r.contentType;
      const withBody = r.body !== undefined && method !== 'GET';
      const res = await fetch(h.hub.url + path, { method, headers, ...(withBody ? { body: r.body } : {}) });
      const text = Buffer.from(await res.arrayBuffer());
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      // /socket.io answers in Socket.IO's own format; it too must never fail with a 5xx.
      assert.ok(res.status < 500, `${method} ${path} ${String(r.body)} -> ${res.status} ${text.toString().slice(0, 300)}`);
      if ((res.headers.get('content-type') ?? '').includes('json') && !path.split('?')[0]?.endsWith('openapi.json') && !path.startsWith('/socket.io')) {
        const env = JSON.parse(text.toString()) as { version?: string; ok?: boolean };
        assert.equal(env.version, '1');
        assert.equal(typeof env.ok, 'boolean');
      }
    }),
    { numRuns: RUNS, seed: 4242 },
  );
  const health = await h.call('GET', `${API_PREFIX}/health`);
  assert.equal(health.status, 200);
  t.diagnostic(`statuses: ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
});
