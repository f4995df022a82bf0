import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { ok } from '../core/contract/index.js';
import { MAX_EVIDENCE_THUMBNAIL_BYTES, type Evidence } from '../core/wire/worker-protocol.js';
import { routeTable, API_PREFIX } from './api/app.js';
import { startSimWorker, webDevice } from './test-support/sim-worker.js';
import { startTestHub } from './test-support/test-hub.js';

type Env = { ok: boolean; data?: Record<string, unknown>; error?: { code: string } };
type ActionJson = { id: string; command: string; outlineBeforeText: string | null; outlineAfterText: string | null; thumbnail: string | null };

const BEFORE = 'App: demo  390x844 portrait  snapshot aaaa\n  Tab "Home" selected\n  Tab "Settings"';
const AFTER = 'App: demo  390x844 portrait  snapshot bbbb\n  Heading "Settings"\n  Switch "Wi-Fi" on';

test('an action keeps both outlines as text and its thumbnail; the log links the thumbnail, served as image/jpeg to viewers', async (t) => {
  const { hub, tokens, call } = await startTestHub(t);
  const thumbnail = await sharp({ create: { width: 140, height: 303, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg({ quality: 40 })
    .toBuffer();
  // Each tap answers with the next evidence: with a thumbnail, without one, with one over the wire's limit.
  const evidences: Evidence[] = [
    { before: 'aaaa', after: 'bbbb', diff: '+ Heading "Settings"', outlineBefore: BEFORE, outlineAfter: AFTER, thumbnail },
    { before: 'bbbb', after: 'bbbb', diff: '', outlineBefore: AFTER, outlineAfter: AFTER },
    { before: 'bbbb', after: 'bbbb', outlineBefore: AFTER, outlineAfter: AFTER, thumbnail: Buffer.alloc(MAX_EVIDENCE_THUMBNAIL_BYTES + 1) },
  ];
  const worker = startSimWorker({
    hubUrl: hub.url,
    token: tokens.worker,
    devices: [webDevice('dev1')],
    onCommand: async (m) => ({ envelope: ok(m.command, { delivered: true }), evidence: evidences.shift() ?? {} }),
  });
  t.after(() => worker.close());
  await worker.registered;
  const lease = ((await call('POST', `${API_PREFIX}/leases`, { token: tokens.agent, body: { deviceId: 'dev1' } })).body as Env).data as { sessionId: string };
  for (let i = 0; i < 3; i++) {
    const tap = await call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: tokens.agent, body: { target: '@1' } });
    assert.equal(tap.status, 200, 'evidence the hub refuses never costs the caller the envelope');
  }

  const log = (await call('GET', `${API_PREFIX}/sessions/${lease.sessionId}/actions`, { token: tokens.viewer })).body as Env;
  const [first, second, third] = log.data?.actions as [ActionJson, ActionJson, ActionJson];
  assert.equal(first.outlineBeforeText, BEFORE);
  assert.equal(first.outlineAfterText, AFTER);
  assert.equal(first.thumbnail, `${API_PREFIX}/sessions/${lease.sessionId}/actions/${first.id}/thumbnail`);
  assert.equal(second.outlineBeforeText, AFTER);
  assert.equal(second.thumbnail, null, 'no thumbnail sent, none linked');
  assert.equal(third.thumbnail, null, 'an oversized thumbnail is not stored');

  const image = await call('GET', first.thumbnail ?? '', { token: tokens.viewer });
  assert.equal(image.status, 200);
  assert.equal(image.headers.get('content-type'), 'image/jpeg');
  assert.deepEqual(image.body, thumbnail);
  assert.equal((await call('GET', first.thumbnail ?? '', { token: null })).status, 401);

  const none = await call('GET', `${API_PREFIX}/sessions/${lease.sessionId}/actions/${second.id}/thumbnail`, { token: tokens.viewer });
  assert.equal(none.status, 404);
  assert.equal((none.body as Env).error?.code, 'NOT_FOUND');
  const elsewhere = await call('GET', `${API_PREFIX}/sessions/other/actions/${first.id}/thumbnail`, { token: tokens.viewer });
  assert.equal(elsewhere.status, 404, "an action's thumbnail is served only under its own session");
});

test('the thumbnail route is in the route table for viewers and in the OpenAPI document', async (t) => {
  const { hub, call } = await startTestHub(t);
  const url = '/sessions/:id/actions/:actionId/thumbnail';
  const route = routeTable(hub.services).find((r) => r.url === url);
  assert.equal(route?.minRole, 'viewer');
  const doc = (await call('GET', `${API_PREFIX}/openapi.json`)).body as { paths: Record<string, { get?: { responses: Record<string, { content: Record<string, unknown> }> } }> };
  const op = doc.paths[`${API_PREFIX}/sessions/{id}/actions/{actionId}/thumbnail`]?.get;
  assert.ok(op?.responses['200']?.content['image/jpeg'], 'documented as image/jpeg');
});
