import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { MIGRATIONS } from './migrations.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { PostgresStore, migratePostgres } from './postgres-store.js';
import { storeSuite } from '../test-support/store-suite.js';
import { tempPostgresDatabase } from '../test-support/temp-postgres.js';

test('every SQLite migration has a Postgres twin with the same version and name, and no more', () => {
  const twin = (m: { version: number; name: string }) => `${m.version} ${m.name}`;
  assert.deepEqual(POSTGRES_MIGRATIONS.map(twin), MIGRATIONS.map(twin));
});

test('postgres: migrations run once, even when hubs start together', async () => {
  const url = await tempPostgresDatabase();
  const pools = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
  try {
    const applied = await Promise.all(pools.map((p) => migratePostgres(p)));
    assert.deepEqual(applied.flat().sort(), MIGRATIONS.map((m) => m.version), 'each version applied by exactly one of them');
    assert.deepEqual(await migratePostgres(pools[0] as pg.Pool), []);
    const rows = await (pools[0] as pg.Pool).query('SELECT version FROM schema_migrations ORDER BY version');
    assert.deepEqual(rows.rows.map((r: { version: number }) => r.version), MIGRATIONS.map((m) => m.version));
  } finally {
    await Promise.all(pools.map((p) => p.end()));
  }
});

storeSuite('postgres', async () => {
  const url = await tempPostgresDatabase();
  return { open: () => PostgresStore.connect(url, { max: 4 }) };
});
