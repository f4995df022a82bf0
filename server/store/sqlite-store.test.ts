import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore, migrate } from './sqlite-store.js';
import { tempDataDir } from '../test-support/temp-data-dir.js';
import { storeSuite } from '../test-support/store-suite.js';
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

test('the store file runs in WAL mode', async (t) => {
  const file = join(tempDataDir(t, 'simlab-store-'), 's.db');
  const store = new SqliteStore(file);
  t.after(() => store.close());
  const db = new Database(file, { readonly: true });
  t.after(() => db.close());
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
});

storeSuite('sqlite', async (t) => {
  const file = join(tempDataDir(t, 'simlab-store-'), 's.db');
  return { open: async () => new SqliteStore(file) };
});
