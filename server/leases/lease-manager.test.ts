import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SimlabError } from '../../core/contract/index.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { tempDataDir } from '../test-support/temp-data-dir.js';
import { LeaseManager } from './lease-manager.js';
import type { Actor } from '../auth/actor.js';

const alice: Actor = { tokenId: 'ta', name: 'alice', role: 'agent' };
const bob: Actor = { tokenId: 'tb', name: 'bob', role: 'member' };
const admin: Actor = { tokenId: 'tz', name: 'root', role: 'admin' };
const viewer: Actor = { tokenId: 'tv', name: 'eve', role: 'viewer' };

async function setup(t: Parameters<typeof tempDataDir>[0], policy = { ttlMs: 60_000, idleMs: 60_000, sweepMs: 50 }) {
  const store = new SqliteStore(join(tempDataDir(t), 's.db'));
  for (const a of [alice, bob, admin, viewer]) {
    await store.createToken({ id: a.tokenId, name: a.name, role: a.role, hash: 'x', createdAt: 0, expiresAt: null, revokedAt: null });
  }
  const leases = new LeaseManager(store, (id) => id.startsWith('dev'), policy);
  t.after(async () => {
    leases.close();
    await store.close();
  });
  return { store, leases };
}

const code = (c: string) => (e: unknown) => e instanceof SimlabError && e.code === c;

test('acquire, busy with holder and until, release, acquire again', async (t) => {
  const { leases } = await setup(t);
  const lease = await leases.acquire(alice, 'dev1');
  await assert.rejects(leases.acquire(bob, 'dev1'), (e) => {
    assert.ok(e instanceof SimlabError && e.code === 'DEVICE_BUSY');
    assert.equal(e.options.details?.holder, 'alice');
    assert.match(String(e.options.details?.until), /^\d{4}-/);
    return true;
  });
  await assert.rejects(leases.require(bob, 'dev1'), code('DEVICE_BUSY'));
  assert.equal((await leases.require(alice, 'dev1')).id, lease.id);
  assert.equal((await leases.acquire(alice, 'dev1')).id, lease.id, 'acquiring again is idempotent');
  await assert.rejects(leases.end(bob, lease.id, 'released'), code('FORBIDDEN'));
  await leases.end(alice, lease.id, 'released');
  await assert.rejects(leases.require(alice, 'dev1'), code('LEASE_REQUIRED'));
  assert.equal((await leases.acquire(bob, 'dev1')).actor, 'bob');
});

test('viewers never hold; unknown devices are NOT_FOUND', async (t) => {
  const { leases } = await setup(t);
  await assert.rejects(leases.acquire(viewer, 'dev1'), code('FORBIDDEN'));
  await assert.rejects(leases.acquire(alice, 'nope'), code('NOT_FOUND'));
});

test('a queued waiter gets the device after release, in order; a waiter times out with DEVICE_BUSY', async (t) => {
  const { leases } = await setup(t);
  const first = await leases.acquire(alice, 'dev1');
  const bobGets = leases.acquire(bob, 'dev1', { wait: true, timeoutMs: 10_000 });
  const adminGets = leases.acquire(admin, 'dev1', { wait: true, timeoutMs: 10_000 });
  await leases.end(alice, first.id, 'released');
  const bobLease = await bobGets;
  assert.equal(bobLease.actor, 'bob');
  await leases.end(admin, bobLease.id, 'revoked');
  assert.equal((await adminGets).actor, 'root');
  await assert.rejects(leases.acquire(alice, 'dev1', { wait: true, timeoutMs: 100 }), code('DEVICE_BUSY'));
});

test('TTL and idle timeout end a lease; the queue moves on; renew keeps it alive', async (t) => {
  const { leases, store } = await setup(t);
  const short = await leases.acquire(alice, 'dev1', { ttlMs: 300, idleMs: 60_000 });
  const bobGets = await leases.acquire(bob, 'dev1', { wait: true, timeoutMs: 10_000 });
  assert.equal(bobGets.actor, 'bob');
  assert.equal((await store.getLease(short.id))?.endReason, 'expired');

  const idle = await leases.acquire(alice, 'dev2', { ttlMs: 60_000, idleMs: 300 });
  for (let i = 0; i < 4; i++) {
    await sleep(150);
    await leases.renew(alice, idle.id);
  }
  assert.equal((await leases.require(alice, 'dev2')).id, idle.id, 'renewed and acted: still alive after 600 ms');
  while ((await store.getLease(idle.id))?.endedAt === null) await sleep(50);
  assert.equal((await store.getLease(idle.id))?.endReason, 'idle');
  await assert.rejects(leases.renew(alice, idle.id), code('LEASE_REQUIRED'));
});

test('an admin revokes anyone\'s lease; the holder then needs a new one', async (t) => {
  const { leases } = await setup(t);
  const lease = await leases.acquire(alice, 'dev1');
  await leases.end(admin, lease.id, 'revoked');
  await assert.rejects(leases.require(alice, 'dev1'), code('LEASE_REQUIRED'));
});

test('a waiter that gives up leaves the queue; the next one gets the device', async (t) => {
  const { leases, store } = await setup(t);
  const first = await leases.acquire(alice, 'dev1');
  const quitter = new AbortController();
  const bobWaits = leases.acquire(bob, 'dev1', { wait: true, timeoutMs: 10_000, signal: quitter.signal });
  const adminWaits = leases.acquire(admin, 'dev1', { wait: true, timeoutMs: 10_000 });
  quitter.abort();
  await assert.rejects(bobWaits, code('DEVICE_BUSY'));
  await leases.end(alice, first.id, 'released');
  assert.equal((await adminWaits).actor, 'root');
  assert.equal((await store.listLiveLeases(Date.now())).length, 1);
});
