import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store, TokenRecord } from '../store/store.js';

type TestContext = { after: (fn: () => void | Promise<void>) => void };

/**
 * Where a store's data lives (a SQLite file, a Postgres database): `open` may be called several
 * times, as several hubs (or one hub restarting) open the same data.
 */
export interface StorePlace {
  open(): Promise<Store>;
}

const token = (id: string): TokenRecord => ({ id, name: id, role: 'agent', hash: 'x', createdAt: 0, expiresAt: null, revokedAt: null });

async function opened(t: TestContext, place: StorePlace): Promise<Store> {
  const store = await place.open();
  t.after(() => store.close());
  return store;
}

/** The behaviour every Store implementation must show, run once per implementation. */
export function storeSuite(kind: string, makePlace: (t: TestContext) => Promise<StorePlace>): void {
  test(`${kind}: one live lease per device, and an idle one ends at the next acquire`, async (t) => {
    const store = await opened(t, await makePlace(t));
    await store.createToken(token('t1'));
    await store.createToken(token('t2'));
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

  test(`${kind}: web sessions are kept, ended one by one or all of a token's at once`, async (t) => {
    const store = await opened(t, await makePlace(t));
    await store.createToken(token('t1'));
    await store.createToken(token('t2'));
    const session = (id: string, tokenId: string) => ({ id, tokenId, hash: `h-${id}`, createdAt: 1, expiresAt: 2, endedAt: null });
    for (const [id, tokenId] of [['w1', 't1'], ['w2', 't1'], ['w3', 't1'], ['w4', 't2']] as const) await store.createWebSession(session(id, tokenId));
    assert.deepEqual(await store.getWebSession('w1'), session('w1', 't1'));
    assert.equal(await store.getWebSession('nope'), null);
    assert.equal(await store.endWebSession('w1', 5), true);
    assert.equal(await store.endWebSession('w1', 6), false, 'already ended');
    assert.equal(await store.endWebSessionsOf('t1', 7), 2);
    assert.deepEqual((await Promise.all(['w1', 'w2', 'w4'].map((id) => store.getWebSession(id)))).map((w) => w?.endedAt), [5, 7, null]);
    assert.equal(await store.pruneWebSessions(6), 2, 'w1 ended at 5, w4 expired at 2');
    assert.deepEqual((await Promise.all(['w1', 'w2', 'w3', 'w4'].map((id) => store.getWebSession(id)))).map((w) => w?.id ?? null), [null, 'w2', 'w3', null]);
  });

  test(`${kind}: actions keep their order, envelope and thumbnail across a reopen`, async (t) => {
    const place = await makePlace(t);
    const store = await place.open();
    await store.createToken(token('t1'));
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
    const again = await opened(t, place);
    const actions = await again.listActions('S1', { limit: 10 });
    assert.deepEqual(actions.map((a) => a.id), ['A0', 'A1', 'A2']);
    assert.deepEqual(actions[1]?.envelope, { ok: true, i: 1 });
    assert.deepEqual(actions[1]?.args, { target: '@1' });
    assert.equal(actions[1]?.diff, '+ x');
    assert.equal(actions[2]?.envelope, null, 'an action still in flight is recorded without an envelope');
    assert.deepEqual([actions[0]?.outlineBefore, actions[0]?.hasThumbnail], [null, false]);
    assert.deepEqual([actions[1]?.outlineBefore, actions[1]?.outlineAfter, actions[1]?.hasThumbnail], ['App: a  snapshot h0', 'App: a  snapshot h1', true]);
    assert.deepEqual(await again.actionThumbnail('S1', 'A1'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    assert.equal(await again.actionThumbnail('S1', 'A0'), null);
    assert.equal(await again.actionThumbnail('S2', 'A1'), null, 'only under its own session');
    assert.equal((await again.liveLease('d', 1))?.id, 'L1');
    assert.deepEqual((await again.listActions('S1', { limit: 10, after: actions[0]?.seq ?? 0 })).map((a) => a.id), ['A1', 'A2'], 'paging by seq');
  });

  test(`${kind}: a touch right after another is skipped, but never for longer than a quarter of the idle timeout`, async (t) => {
    const store = await opened(t, await makePlace(t));
    await store.createToken(token('t1'));
    await store.acquireLease({ id: 'L1', sessionId: 'S1', deviceId: 'd', tokenId: 't1', actor: 'a', ttlMs: 1e9, idleMs: 400, now: 0 });
    await store.touchLease('L1', 50);
    assert.equal((await store.getLease('L1'))?.lastActivityAt, 0, 'skipped: 50 ms after the last activity');
    await store.touchLease('L1', 100);
    assert.equal((await store.getLease('L1'))?.lastActivityAt, 100, 'written: a quarter of the 400 ms idle timeout passed');
    assert.ok(await store.liveLease('d', 499), 'alive until 400 ms after the last recorded activity');
    assert.equal(await store.liveLease('d', 500), null, 'idle 400 ms after it');
  });

  test(`${kind}: tokens, devices, renew, release and the queue round-trip`, async (t) => {
    const store = await opened(t, await makePlace(t));
    await store.createToken({ ...token('t1'), expiresAt: 10 });
    await store.createToken({ ...token('w1'), name: 'local', role: 'worker' });
    assert.equal(await store.countLiveTokens('agent', 5), 1);
    assert.equal(await store.countLiveTokens('agent', 10), 0, 'expired at its expiry');
    assert.equal(await store.revokeTokensNamed('local', 'worker', 7), 1);
    assert.equal(await store.revokeToken('w1', 8), false, 'already revoked');
    assert.deepEqual((await store.listTokens()).map((x) => [x.id, x.revokedAt]), [['t1', null], ['w1', 7]]);
    await store.upsertDevice({ id: 'd', workerId: 'w', platform: 'web', descriptor: { id: 'd', n: 1 }, lastSeenAt: 1 });
    await store.upsertDevice({ id: 'd', workerId: 'w2', platform: 'web', descriptor: { id: 'd', n: 2 }, lastSeenAt: 2 });
    assert.deepEqual(await store.listDevices(), [{ id: 'd', workerId: 'w2', platform: 'web', descriptor: { id: 'd', n: 2 }, lastSeenAt: 2, ownerTokenId: null }]);
    await store.acquireLease({ id: 'L1', sessionId: 'S1', deviceId: 'd', tokenId: 't1', actor: 'a', ttlMs: 100, idleMs: 1e9, now: 0 });
    assert.equal((await store.renewLease('L1', 50))?.expiresAt, 150);
    assert.deepEqual((await store.listLiveLeases(149)).map((l) => l.id), ['L1']);
    assert.equal((await store.endLease('L1', 'released', 60))?.endReason, 'released');
    assert.equal(await store.endLease('L1', 'revoked', 61), null, 'ends once');
    assert.equal(await store.renewLease('L1', 62), null, 'an ended lease is not renewed');
    assert.deepEqual((await store.listSessions({ limit: 5 })).map((s) => [s.id, s.endedAt]), [['S1', 60]]);
    await store.addQueueEntry({ id: 'Q1', deviceId: 'd', tokenId: 't1', actor: 'a', enqueuedAt: 0, deadlineAt: 10, state: 'waiting', leaseId: null });
    await store.addQueueEntry({ id: 'Q2', deviceId: 'd', tokenId: 't1', actor: 'a', enqueuedAt: 0, deadlineAt: 10, state: 'waiting', leaseId: null });
    await store.setQueueState('Q1', 'granted', 'L1');
    assert.equal(await store.cancelWaitingQueue(), 1, 'only the one still waiting');
    await store.ping();
  });

  test(`${kind}: a device id belongs to the first live worker token that claims it (issue 18, item 4)`, async (t) => {
    const store = await opened(t, await makePlace(t));
    for (const id of ['w1', 'w2', 'w3']) await store.createToken({ ...token(id), role: 'worker' });
    await store.createToken({ ...token('w4'), role: 'worker', expiresAt: 100 });
    const dev = { id: 'local-web-1', workerId: 'a', platform: 'web', descriptor: { id: 'local-web-1' }, lastSeenAt: 1 };
    assert.equal(await store.claimDevice(dev, 'w1', 10), 'w1', 'a new id is claimed');
    assert.equal(await store.claimDevice(dev, 'w1', 11), 'w1', 'its owner claims it again');
    assert.equal(await store.claimDevice({ ...dev, workerId: 'impostor' }, 'w2', 12), 'w1', 'another live token is refused');
    assert.equal((await store.listDevices())[0]?.workerId, 'a', 'a refused claim changes nothing');
    await store.revokeToken('w1', 13);
    assert.equal(await store.claimDevice(dev, 'w4', 14), 'w4', "a revoked owner's device goes to the next worker token");
    assert.equal(await store.claimDevice(dev, 'w3', 50), 'w4');
    assert.equal(await store.claimDevice(dev, 'w3', 100), 'w3', 'so does an expired one');
    assert.equal(await store.setDeviceOwner('local-web-1', 'w2'), true, 'an admin moves it');
    assert.equal((await store.listDevices())[0]?.ownerTokenId, 'w2');
    assert.equal(await store.setDeviceOwner('nope', 'w2'), false);
    assert.equal(await store.deleteDevice('local-web-1'), true);
    assert.equal(await store.deleteDevice('local-web-1'), false);
    assert.deepEqual(await store.listDevices(), []);
  });

  test(`${kind}: two hubs on the same data racing for one device: exactly one lease`, async (t) => {
    const place = await makePlace(t);
    const [a, b] = [await opened(t, place), await opened(t, place)];
    for (let i = 0; i < 20; i++) await a.createToken(token(`t${i}`));
    const tries = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? a : b).acquireLease({ id: `L${i}`, sessionId: `S${i}`, deviceId: 'd', tokenId: `t${i}`, actor: `a${i}`, ttlMs: 1e9, idleMs: 1e9, now: 1 }),
    );
    const results = await Promise.all(tries);
    const winners = results.filter((r) => r.ok);
    assert.equal(winners.length, 1);
    const winner = winners[0]?.ok ? winners[0].lease.id : '';
    for (const r of results) if (!r.ok) assert.equal(r.holder.id, winner, 'every loser sees the one holder');
    assert.deepEqual((await b.listLiveLeases(2)).map((l) => l.id), [winner]);
  });

  test(`${kind}: two hubs sweeping at once end each run-out lease exactly once`, async (t) => {
    const place = await makePlace(t);
    const [a, b] = [await opened(t, place), await opened(t, place)];
    await a.createToken(token('t1'));
    for (let i = 0; i < 10; i++) {
      await a.acquireLease({ id: `L${i}`, sessionId: `S${i}`, deviceId: `d${i}`, tokenId: 't1', actor: 'a', ttlMs: i < 6 ? 10 : 1e9, idleMs: 1e9, now: 0 });
    }
    const swept = (await Promise.all([a.expireLeases(100), b.expireLeases(100), a.expireLeases(100), b.expireLeases(100)])).flat();
    const again = await a.expireLeases(100);
    const ended = [...swept, ...again].map((l) => l.id).sort();
    assert.deepEqual(ended, ['L0', 'L1', 'L2', 'L3', 'L4', 'L5'], 'each once, by whichever hub swept it');
    assert.equal((await b.getSession('S0'))?.endedAt, 100);
    assert.equal((await b.liveLease('d7', 100))?.id, 'L7');
  });

  test(`${kind}: two hubs logging actions at once: every action once, in one order`, async (t) => {
    const place = await makePlace(t);
    const [a, b] = [await opened(t, place), await opened(t, place)];
    await a.createToken(token('t1'));
    await a.acquireLease({ id: 'L1', sessionId: 'S1', deviceId: 'd', tokenId: 't1', actor: 'a', ttlMs: 1e9, idleMs: 1e9, now: 0 });
    const begun = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).beginAction({ id: `A${i}`, sessionId: 'S1', leaseId: 'L1', deviceId: 'd', tokenId: 't1', actor: 'a', at: i, command: 'tap', args: { i } })),
    );
    assert.equal(new Set(begun.map((x) => x.seq)).size, 60, 'distinct sequence numbers');
    const listed = await b.listActions('S1', { limit: 100 });
    assert.deepEqual(listed.map((x) => x.id).sort(), begun.map((x) => x.id).sort());
    assert.deepEqual(listed.map((x) => x.seq), [...listed.map((x) => x.seq)].sort((x, y) => x - y), 'listed in seq order');
  });
}
