import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PostgresStore } from './postgres-store.js';
import { SqliteStore } from './sqlite-store.js';
import type { Store } from './store.js';

export interface StoreChoice {
  /** postgres://... : Postgres, for several hubs on one database. */
  databaseUrl?: string | undefined;
  /** Otherwise one SQLite file in this folder (created with mode 0700). */
  dataDir: string;
}

/** Postgres when a database URL is given (SIMLAB_DATABASE_URL), else the embedded SQLite file. */
export async function openStore(choice: StoreChoice): Promise<Store> {
  if (choice.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(choice.databaseUrl)) throw new Error('SIMLAB_DATABASE_URL must be a postgres:// or postgresql:// URL');
    return PostgresStore.connect(choice.databaseUrl);
  }
  mkdirSync(choice.dataDir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode alone: tighten it too.
  chmodSync(choice.dataDir, 0o700);
  return new SqliteStore(join(choice.dataDir, 'simlab.db'));
}
