import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BlobStore } from '../blobs/blob-store.js';

/**
 * The behaviour every BlobStore must have, as tests: the local folder runs them, and so does any
 * other backend (S3) by calling this with its own factory.
 */
export function blobStoreContract(name: string, make: (t: { after: (fn: () => void | Promise<void>) => void }) => Promise<BlobStore>): void {
  test(`${name}: put then get returns the same bytes; a missing key is null`, async (t) => {
    const store = await make(t);
    await store.put('sessions/s1/video/000001.m4s', Buffer.from('fragment one'));
    assert.equal((await store.get('sessions/s1/video/000001.m4s'))?.toString(), 'fragment one');
    assert.equal(await store.get('sessions/s1/video/000002.m4s'), null);
    await store.put('sessions/s1/video/000001.m4s', Buffer.from('replaced'));
    assert.equal((await store.get('sessions/s1/video/000001.m4s'))?.toString(), 'replaced');
  });

  test(`${name}: a range reads bytes [start, end), clamped to the blob`, async (t) => {
    const store = await make(t);
    await store.put('a/b', Buffer.from('0123456789'));
    assert.equal((await store.get('a/b', { start: 2, end: 5 }))?.toString(), '234');
    assert.equal((await store.get('a/b', { start: 8, end: 100 }))?.toString(), '89');
    assert.equal((await store.get('a/b', { start: 20, end: 30 }))?.length, 0);
  });

  test(`${name}: list by prefix, sorted by key, with sizes`, async (t) => {
    const store = await make(t);
    await store.put('sessions/s2/video/000002.m4s', Buffer.alloc(3));
    await store.put('sessions/s2/video/000001.m4s', Buffer.alloc(5));
    await store.put('sessions/s20/shot.jpg', Buffer.alloc(7));
    await store.put('other/x', Buffer.alloc(1));
    const listed = await store.list('sessions/s2/');
    assert.deepEqual(listed.map((b) => [b.key, b.size]), [['sessions/s2/video/000001.m4s', 5], ['sessions/s2/video/000002.m4s', 3]]);
    assert.ok(listed.every((b) => b.writtenAt > Date.now() - 60_000 && b.writtenAt <= Date.now() + 1000));
    assert.deepEqual((await store.list('sessions/s2')).map((b) => b.key), ['sessions/s2/video/000001.m4s', 'sessions/s2/video/000002.m4s', 'sessions/s20/shot.jpg']);
    assert.equal((await store.list('')).length, 4);
    assert.deepEqual(await store.list('nothing/'), []);
  });

  test(`${name}: delete removes one blob or everything under a key, and only that`, async (t) => {
    const store = await make(t);
    await store.put('sessions/s3/a', Buffer.alloc(1));
    await store.put('sessions/s3/deep/b', Buffer.alloc(1));
    await store.put('sessions/s30/c', Buffer.alloc(1));
    assert.equal(await store.delete('sessions/s3/a'), 1);
    assert.equal(await store.delete('sessions/s3'), 1);
    assert.deepEqual((await store.list('sessions/')).map((b) => b.key), ['sessions/s30/c']);
    assert.equal(await store.delete('sessions/s3'), 0);
  });

  test(`${name}: keys that could escape or collide are refused`, async (t) => {
    const store = await make(t);
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a/.git', 'a\\b', '', 'a/b c', 'x'.repeat(600)]) {
      await assert.rejects(store.put(key, Buffer.alloc(1)), /invalid blob key/, key);
      await assert.rejects(store.get(key), /invalid blob key/, key);
      await assert.rejects(store.delete(key), /invalid blob key/, key);
    }
    await assert.rejects(store.list('../'), /invalid blob key/);
  });
}
