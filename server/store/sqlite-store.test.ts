import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore, migrate } from './sqlite-store.js';
import { tempDataDir } from '../test-support/temp-data-dir.js';
import { MIGRATIONS } from './migrations.js';

test('migrations run once and are recorded in schema_migrations', (t) => {
  const db = new Database(join(tempDataDir(t, 'simlab-store-'), 'm.db'));
  assert.deepEqual(migrate(db), MIGRATIONS.map((m) => m.version));
  assert.deepEqual(migrate(db), []);
  const rows = db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>;
  assert.deepEqual(rows.map((r) => r.version), MIGRATIONS.map((m) => m.version));
  assert.equal(db.pragma('journal_mode', { simple: true }), 'delete');
  db.close();
});

test('the store runs in WAL mode and one live lease per device', async (t) => {
  const dir = tempDataDir(t, 'simlab-store-');
  const store = new SqliteStore(join(dir, 's.db'));
  t.after(() => store.close());
  await store.createToken({ id: 't1', name: 'a', role: 'agent', hash: 'x', createdAt: 0, expiresAt: null, revokedAt: null });
  await store.createToken({ id: 't2', name: 'b', role: 'agent', hash: 'x', createdAt: 0, expiresAt: null, revokedAt: null });
  const base = { deviceId: 'd1', ttlMs: 1000, idleMs: 500 };
  const a = await store.acquireLease({ ...base, id: 'L1', sessionId: 'S1', tokenId: 't1', actor: 'a', now: 0 });
  assert.equal(a.ok, true);
  const b = await store.acquireLease({ ...base, id: 'L2', sessionId: 'S2', tokenId: 't2', actor: 'b', now: 100 });
  assert.equal(b.ok, false);
  assert.equal(!b.ok && b.holder.id, 'L1');
  const c = await store.acquireLease({ ...base, id: 'L3', sessionId: 'S3', tokenId: 't2', actor: 'b', now: 600 });
  assert.equal(c.ok, true, 'idle lease ends and the next acquire gets the device');
  assert.equal((await store.getLease('L1'))?.endReason, 'idle');
  assert.equal((await store.getSession('S1'))?.endedAt, 600);
});

test('actions keep their order and their envelope across a reopen', async (t) => {
  const dir = tempDataDir(t, 'simlab-store-');
  const file = join(dir, 's.db');
  const store = new SqliteStore(file);
  await store.createToken({ id: 't1', name: 'a', role: 'agent', hash: 'x', createdAt: 0, expiresAt: null, revokedAt: null });
  await store.acquireLease({ id: 'L1', sessionId: 'S1', deviceId: 'd', tokenId: 't1', actor: 'a', ttlMs: 1e9, idleMs: 1e9, now: 0 });
  for (let i = 0; i < 3; i++) {
    const a = await store.beginAction({ id: `A${i}`, sessionId: 'S1', leaseId: 'L1', deviceId: 'd', tokenId: 't1', actor: 'a', at: i, command: 'tap', args: { target: `@${i}` } });
    if (i === 0) await store.finishAction(a.id, { envelope: { ok: true, i }, before: 'h0', after: 'h1', diff: '+ x', finishedAt: i });
    if (i === 1) {
      const evidence = { outlineBefore: 'App: a  snapshot h0', outlineAfter: 'App: a  snapshot h1', thumbnail: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) };
      await store.finishAction(a.id, { envelope: { ok: true, i }, before: 'h0', after: 'h1', diff: '+ x', ...evidence, finishedAt: i });
    }
  }
  await store.close();
  const again = new SqliteStore(file);
  t.after(() => again.close());
  const actions = await again.listActions('S1', { limit: 10 });
  assert.deepEqual(actions.map((a) => a.id), ['A0', 'A1', 'A2']);
  assert.deepEqual(actions[1]?.envelope, { ok: true, i: 1 });
  assert.equal(actions[1]?.diff, '+ x');
  assert.equal(actions[2]?.envelope, null, 'an action still in flight is recorded without an envelope');
  assert.deepEqual([actions[0]?.outlineBefore, actions[0]?.hasThumbnail], [null, false]);
  assert.deepEqual([actions[1]?.outlineBefore, actions[1]?.outlineAfter, actions[1]?.hasThumbnail], ['App: a  snapshot h0', 'App: a  snapshot h1', true]);
  assert.deepEqual(await again.actionThumbnail('S1', 'A1'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  assert.equal(await again.actionThumbnail('S1', 'A0'), null);
  assert.equal(await again.actionThumbnail('S2', 'A1'), null, 'only under its own session');
  assert.equal((await again.liveLease('d', 1))?.id, 'L1');
});

test('a touch right after another is skipped, but never for longer than a quarter of the idle timeout', async (t) => {
  const store = new SqliteStore(join(tempDataDir(t, 'simlab-store-'), 's.db'));
  t.after(() => store.close());
  await store.createToken({ id: 't1', name: 'a', role: 'agent', hash: 'x', createdAt: 0, expiresAt: null, revokedAt: null });
  await store.acquireLease({ id: 'L1', sessionId: 'S1', deviceId: 'd', tokenId: 't1', actor: 'a', ttlMs: 1e9, idleMs: 400, now: 0 });
  await store.touchLease('L1', 50);
  assert.equal((await store.getLease('L1'))?.lastActivityAt, 0, 'skipped: 50 ms after the last activity');
  await store.touchLease('L1', 100);
  assert.equal((await store.getLease('L1'))?.lastActivityAt, 100, 'written: a quarter of the 400 ms idle timeout passed');
  assert.ok(await store.liveLease('d', 499), 'alive until 400 ms after the last recorded activity');
  assert.equal(await store.liveLease('d', 500), null, 'idle 400 ms after it');
});
