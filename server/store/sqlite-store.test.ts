import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore, migrate } from './sqlite-store.js';
import { tempDataDir } from '../test-support/temp-data-dir.js';
import { storeSuite } from '../test-support/store-suite.js';
import { MIGRATIONS } from './migrations.js';
import { openStore } from './open-store.js';

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

test('the SQLite file and its data folder are readable by the hub user only (issue 18, item 6)', async (t) => {
  const dir = tempDataDir(t, 'simlab-perm-');
  chmodSync(dir, 0o755);
  const store = await openStore({ dataDir: dir });
  t.after(() => store.close());
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.db'))) assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600, name);
});
