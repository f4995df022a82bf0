/** Versioned schema migrations, applied in order once each; `schema_migrations` records which ran. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'tokens, devices, leases, queue, sessions, actions',
    sql: `
      CREATE TABLE tokens (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('admin','member','agent','viewer','worker')),
        hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER,
        revoked_at INTEGER
      );
      CREATE TABLE devices (
        id TEXT PRIMARY KEY,
        worker_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        descriptor TEXT NOT NULL,
        last_seen_at INTEGER NOT NULL
      );
      CREATE TABLE leases (
        id TEXT PRIMARY KEY,
        device_id TEXT NOT NULL,
        token_id TEXT NOT NULL REFERENCES tokens(id),
        actor TEXT NOT NULL,
        acquired_at INTEGER NOT NULL,
        ttl_ms INTEGER NOT NULL,
        idle_ms INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        last_activity_at INTEGER NOT NULL,
        ended_at INTEGER,
        end_reason TEXT CHECK (end_reason IN ('released','revoked','expired','idle'))
      );
      CREATE UNIQUE INDEX leases_one_live_per_device ON leases(device_id) WHERE ended_at IS NULL;
      CREATE TABLE queue_entries (
        id TEXT PRIMARY KEY,
        device_id TEXT NOT NULL,
        token_id TEXT NOT NULL REFERENCES tokens(id),
        actor TEXT NOT NULL,
        enqueued_at INTEGER NOT NULL,
        deadline_at INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('waiting','granted','timed_out','cancelled')),
        lease_id TEXT
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        lease_id TEXT NOT NULL UNIQUE REFERENCES leases(id),
        device_id TEXT NOT NULL,
        token_id TEXT NOT NULL,
        actor TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER
      );
      CREATE INDEX sessions_started ON sessions(started_at);
      CREATE TABLE actions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        session_id TEXT NOT NULL REFERENCES sessions(id),
        lease_id TEXT NOT NULL,
        device_id TEXT NOT NULL,
        token_id TEXT NOT NULL,
        actor TEXT NOT NULL,
        at INTEGER NOT NULL,
        command TEXT NOT NULL,
        args TEXT NOT NULL,
        envelope TEXT,
        outline_before TEXT,
        outline_after TEXT,
        diff TEXT,
        finished_at INTEGER
      );
      CREATE INDEX actions_session ON actions(session_id, seq);
    `,
  },
  {
    version: 2,
    name: 'actions keep both outlines as text and a thumbnail after',
    // outline_before/outline_after hold the snapshot ids (outline hashes); the texts go beside them.
    sql: `
      ALTER TABLE actions ADD COLUMN outline_before_text TEXT;
      ALTER TABLE actions ADD COLUMN outline_after_text TEXT;
      ALTER TABLE actions ADD COLUMN thumbnail BLOB;
    `,
  },
  {
    version: 3,
    name: 'devices belong to the worker token that first registered them',
    // NULL: not claimed yet (devices from before this migration are claimed by their next worker).
    sql: `ALTER TABLE devices ADD COLUMN owner_token_id TEXT;`,
  },
  {
    version: 4,
    name: 'web sessions: a short-lived secret in the dashboard cookie instead of the API token',
    // hash is the SHA-256 of the session's secret; ended_at is set by sign-out and by revoking the token.
    sql: `
      CREATE TABLE web_sessions (
        id TEXT PRIMARY KEY,
        token_id TEXT NOT NULL REFERENCES tokens(id),
        hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        ended_at INTEGER
      );
      CREATE INDEX web_sessions_token ON web_sessions(token_id);
    `,
  },
];
