import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { blobStoreContract } from '../test-support/blob-store-contract.js';
import { tempDataDir } from '../test-support/temp-data-dir.js';
import { LocalFolderStore } from './local-folder-store.js';

blobStoreContract('LocalFolderStore', async (t) => new LocalFolderStore(join(tempDataDir(t, 'simlab-blobs-'), 'blobs')));

test('LocalFolderStore: a half-written temporary file is not listed, and delete leaves no empty folders', async (t) => {
  const root = join(tempDataDir(t, 'simlab-blobs-'), 'blobs');
  const store = new LocalFolderStore(root);
  await store.put('sessions/s1/video/000001.m4s', Buffer.alloc(4));
  writeFileSync(join(root, 'sessions', 's1', 'video', '000002.m4s.abc.partial'), 'torn');
  assert.deepEqual((await store.list('sessions/')).map((b) => b.key), ['sessions/s1/video/000001.m4s']);
  await store.delete('sessions/s1');
  assert.deepEqual(readdirSync(root), []);
});
