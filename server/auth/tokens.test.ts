import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../store/sqlite-store.js';
import { TokenVerifier, issueToken } from './tokens.js';
import { ensureAdminToken } from './bootstrap.js';
import { resolveActor } from './actor.js';
import { SimlabError } from '../../core/contract/index.js';

function openStore(t: { after: (fn: () => void | Promise<void>) => void }): SqliteStore {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-auth-'));
  const store = new SqliteStore(join(dir, 's.db'));
  t.after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return store;
}

test('a token is stored only as a salted hash and checks out until revoked or expired', async (t) => {
  const store = openStore(t);
  const verifier = new TokenVerifier(store);
  const { token, record } = await issueToken(store, 'bot', 'agent', 10_000, 0);
  assert.match(token, /^slk_/);
  const stored = await store.getToken(record.id);
  assert.ok(stored && !stored.hash.includes(token.slice(21)), 'no secret in the store');
  assert.match(stored?.hash ?? '', /^scrypt\$/);
  assert.equal((await verifier.check(token, 1)).ok, true);
  assert.deepEqual(await verifier.check(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 1), { ok: false, reason: 'unknown' });
  assert.deepEqual(await verifier.check('nope', 1), { ok: false, reason: 'malformed' });
  assert.deepEqual(await verifier.check(token, 10_000), { ok: false, reason: 'expired' });
  await store.revokeToken(record.id, 2);
  assert.deepEqual(await verifier.check(token, 3), { ok: false, reason: 'revoked' });
});

test('ensureAdminToken creates an admin once', async (t) => {
  const store = openStore(t);
  const first = await ensureAdminToken(store);
  assert.ok(first);
  assert.equal(await ensureAdminToken(store), null);
});

test('resolveActor reads the bearer token or the cookie and says why it refuses', async (t) => {
  const store = openStore(t);
  const verifier = new TokenVerifier(store);
  const { token } = await issueToken(store, 'viewer-1', 'viewer', null);
  assert.equal((await resolveActor({ authorization: `Bearer ${token}` }, verifier, '127.0.0.1')).role, 'viewer');
  const check = await verifier.check(token);
  assert.ok(check.ok);
  const session = await verifier.sessions.open(check.record);
  assert.equal((await resolveActor({ cookie: `a=b; simlab_session=${session.value}` }, verifier, '127.0.0.1')).name, 'viewer-1');
  await assert.rejects(resolveActor({ cookie: `simlab_session=${token}` }, verifier, '127.0.0.1'), (e) => e instanceof SimlabError && e.code === 'UNAUTHORIZED');
  await assert.rejects(resolveActor({}, verifier, '127.0.0.1'), (e) => e instanceof SimlabError && e.code === 'UNAUTHORIZED');
  await assert.rejects(resolveActor({ authorization: 'Basic x' }, verifier, '127.0.0.1'), (e) => e instanceof SimlabError && e.code === 'UNAUTHORIZED');
});
