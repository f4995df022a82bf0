import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the Postgres tests use: the machine's own (127.0.0.1:5432, trust auth, database test). */
export const TEST_POSTGRES_URL = process.env.SIMLAB_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A new empty database on the test server, dropped when the test ends, so parallel runs never
 * share tables. Returns its URL.
 */
export async function tempPostgresDatabase(t: { after: (fn: () => void | Promise<void>) => void }): Promise<string> {
  const name = `simlab_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  t.after(async () => {
    const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
