import assert from 'node:assert/strict';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDataDir } from '../test-support/temp-data-dir.js';
import { LocalFolderStore } from './local-folder-store.js';
import { applyRetention, retentionFromEnv } from './retention.js';

const DAY = 86_400_000;

async function lab(t: Parameters<typeof tempDataDir>[0]) {
  const root = join(tempDataDir(t, 'simlab-retention-'), 'blobs');
  const store = new LocalFolderStore(root);
  const now = Date.now();
  // Three sessions written 10, 5 and 1 days ago, 100 bytes each (two blobs in the oldest).
  for (const [id, days] of [['old', 10], ['mid', 5], ['new', 1]] as const) {
    const keys = id === 'old' ? [`sessions/${id}/video/000001.m4s`, `sessions/${id}/video/000002.m4s`] : [`sessions/${id}/video/000001.m4s`];
    for (const key of keys) {
      await store.put(key, Buffer.alloc(100 / keys.length));
      const when = (now - days * DAY) / 1000;
      utimesSync(join(root, ...key.split('/')), when, when);
    }
  }
  return { store, now };
}

test('retention by age deletes whole sessions older than the bound', async (t) => {
  const { store, now } = await lab(t);
  const result = await applyRetention(store, 'sessions', { maxAgeMs: 7 * DAY }, now);
  assert.deepEqual(result, { deleted: ['old'], keptBytes: 200 });
  assert.deepEqual((await store.list('sessions/')).map((b) => b.key.split('/')[1]), ['mid', 'new']);
});

test('retention by size deletes the oldest sessions until the rest fits, never a session being recorded', async (t) => {
  const { store, now } = await lab(t);
  const result = await applyRetention(store, 'sessions', { maxTotalBytes: 200 }, now, new Set(['old']));
  assert.deepEqual(result, { deleted: ['mid'], keptBytes: 200 });
  const after = await applyRetention(store, 'sessions/', { maxTotalBytes: 150 }, now);
  assert.deepEqual(after, { deleted: ['old'], keptBytes: 100 });
  assert.deepEqual((await store.list('')).map((b) => b.key), ['sessions/new/video/000001.m4s']);
});

test('retention with no bounds deletes nothing; the env settings are checked', async (t) => {
  const { store, now } = await lab(t);
  assert.deepEqual((await applyRetention(store, 'sessions', {}, now)).deleted, []);
  assert.deepEqual(retentionFromEnv({ SIMLAB_RETENTION_DAYS: '30', SIMLAB_RETENTION_MAX_MB: '2' }), { maxAgeMs: 30 * DAY, maxTotalBytes: 2 * 1024 * 1024 });
  assert.deepEqual(retentionFromEnv({}), {});
  assert.throws(() => retentionFromEnv({ SIMLAB_RETENTION_DAYS: '-1' }), /SIMLAB_RETENTION_DAYS/);
  assert.throws(() => retentionFromEnv({ SIMLAB_RETENTION_MAX_MB: 'lots' }), /SIMLAB_RETENTION_MAX_MB/);
});
