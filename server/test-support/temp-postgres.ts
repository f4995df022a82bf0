import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the Postgres tests use: the machine's own (127.0.0.1:5432, trust auth, database test). */
export const TEST_POSTGRES_URL = process.env.SIMLAB_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

const toDrop = new Set<string>();

/** Drops them all at once: each DROP DATABASE waits for a checkpoint, which drops at the same time share. */
async function dropAll(): Promise<void> {
  const names = [...toDrop];
  toDrop.clear();
  await Promise.all(
    names.map(async (name) => {
      const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    }),
  );
}

/**
 * A new empty database on the test server, so parallel runs never share tables. Returns its URL.
 * It is dropped when the test file's process has nothing left to do, not in an after hook:
 * after hooks run in the order they were added, so a drop added before the hubs that use the
 * database would cut their connections while they still close (Postgres error 57P01).
 */
export async function tempPostgresDatabase(): Promise<string> {
  const name = `simlab_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  if (toDrop.size === 0) process.once('beforeExit', () => void dropAll());
  toDrop.add(name);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
