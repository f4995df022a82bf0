import pg from 'pg';
import type { Migration } from './migrations.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { ACTION_COLUMNS, actionOf, deviceOf, leaseOf, num, runOut, sessionOf, tokenOf, webSessionOf, type Row } from './rows.js';
import type {
  AcquireResult,
  ActionOutcome,
  ActionRecord,
  DeviceRecord,
  LeaseEnd,
  LeaseRecord,
  NewAction,
  NewLease,
  Page,
  QueueEntryRecord,
  QueueState,
  Role,
  SessionRecord,
  Store,
  TokenRecord,
  WebSessionRecord,
} from './store.js';

type Db = pg.Pool | pg.PoolClient;

/** Advisory lock keys (two int4 halves): one namespace for simlab, one key per purpose. */
const LOCK_SPACE = 0x51a1ab;
const MIGRATE_LOCK = 1;
const SWEEP_LOCK = 2;

async function rows(db: Db, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query(sql, params)).rows as Row[];
}

async function one(db: Db, sql: string, params: unknown[] = []): Promise<Row | null> {
  return (await rows(db, sql, params))[0] ?? null;
}

/**
 * Applies the migrations not yet recorded, each in its own transaction, under an advisory lock
 * so hubs starting together migrate once.
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[] = POSTGRES_MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_SPACE, MIGRATE_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const done = new Set((await rows(client, 'SELECT version FROM schema_migrations')).map((r) => num(r.version)));
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
      applied.push(m.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_SPACE, MIGRATE_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * The store on Postgres (SIMLAB_DATABASE_URL), for several hubs on one database. Everything that
 * reads a lease and then writes runs in one transaction holding the device's advisory lock, so
 * two hubs can never both grant a device; expiry is swept by one hub at a time.
 */
export class PostgresStore implements Store {
  private constructor(private readonly pool: pg.Pool) {}

  static async connect(connectionString: string, options: { max?: number } = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
    // An idle client that loses its server (a restart) must not crash the hub.
    pool.on('error', () => undefined);
    try {
      await migratePostgres(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return new PostgresStore(pool);
  }

  /** Runs fn in one transaction on one client. */
  private async tx<T>(fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Serialises every lease change of one device across hubs until the transaction ends. */
  private async lockDevice(db: pg.PoolClient, deviceId: string): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, $2))', [deviceId, LOCK_SPACE]);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async createToken(t: TokenRecord): Promise<void> {
    await this.pool.query('INSERT INTO tokens (id, name, role, hash, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      t.id,
      t.name,
      t.role,
      t.hash,
      t.createdAt,
      t.expiresAt,
      t.revokedAt,
    ]);
  }

  async getToken(id: string): Promise<TokenRecord | null> {
    const r = await one(this.pool, 'SELECT * FROM tokens WHERE id = $1', [id]);
    return r ? tokenOf(r) : null;
  }

  async listTokens(): Promise<TokenRecord[]> {
    return (await rows(this.pool, 'SELECT * FROM tokens ORDER BY created_at, id')).map(tokenOf);
  }

  async revokeToken(id: string, at: number): Promise<boolean> {
    return ((await this.pool.query('UPDATE tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id])).rowCount ?? 0) > 0;
  }

  async revokeTokensNamed(name: string, role: Role, at: number): Promise<number> {
    return (await this.pool.query('UPDATE tokens SET revoked_at = $1 WHERE name = $2 AND role = $3 AND revoked_at IS NULL', [at, name, role])).rowCount ?? 0;
  }

  async countLiveTokens(role: Role, now: number): Promise<number> {
    const r = await one(this.pool, 'SELECT COUNT(*) AS n FROM tokens WHERE role = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)', [role, now]);
    return num(r?.n);
  }

  async upsertDevice(d: DeviceRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO devices (id, worker_id, platform, descriptor, last_seen_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET worker_id = excluded.worker_id, platform = excluded.platform,
         descriptor = excluded.descriptor, last_seen_at = excluded.last_seen_at`,
      [d.id, d.workerId, d.platform, JSON.stringify(d.descriptor), d.lastSeenAt],
    );
  }

  async listDevices(): Promise<DeviceRecord[]> {
    return (await rows(this.pool, 'SELECT * FROM devices ORDER BY id')).map(deviceOf);
  }

  async claimDevice(d: DeviceRecord, tokenId: string, now: number): Promise<string | null> {
    const r = await one(
      this.pool,
      `INSERT INTO devices (id, worker_id, platform, descriptor, last_seen_at, owner_token_id) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET owner_token_id = excluded.owner_token_id
         WHERE devices.owner_token_id IS NULL OR devices.owner_token_id = excluded.owner_token_id
           OR NOT EXISTS (SELECT 1 FROM tokens t WHERE t.id = devices.owner_token_id AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > $7))
         RETURNING owner_token_id`,
      [d.id, d.workerId, d.platform, JSON.stringify(d.descriptor), d.lastSeenAt, tokenId, now],
    );
    if (r) return r.owner_token_id == null ? null : String(r.owner_token_id);
    // The claim was refused: the row kept its owner.
    const kept = await one(this.pool, 'SELECT owner_token_id FROM devices WHERE id = $1', [d.id]);
    return kept?.owner_token_id == null ? null : String(kept.owner_token_id);
  }

  async setDeviceOwner(deviceId: string, tokenId: string | null): Promise<boolean> {
    return ((await this.pool.query('UPDATE devices SET owner_token_id = $1 WHERE id = $2', [tokenId, deviceId])).rowCount ?? 0) > 0;
  }

  async createWebSession(w: WebSessionRecord): Promise<void> {
    await this.pool.query('INSERT INTO web_sessions (id, token_id, hash, created_at, expires_at, ended_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      w.id,
      w.tokenId,
      w.hash,
      w.createdAt,
      w.expiresAt,
      w.endedAt,
    ]);
  }

  async getWebSession(id: string): Promise<WebSessionRecord | null> {
    const r = await one(this.pool, 'SELECT * FROM web_sessions WHERE id = $1', [id]);
    return r ? webSessionOf(r) : null;
  }

  async endWebSession(id: string, at: number): Promise<boolean> {
    return ((await this.pool.query('UPDATE web_sessions SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL', [at, id])).rowCount ?? 0) > 0;
  }

  async endWebSessionsOf(tokenId: string, at: number): Promise<number> {
    return (await this.pool.query('UPDATE web_sessions SET ended_at = $1 WHERE token_id = $2 AND ended_at IS NULL', [at, tokenId])).rowCount ?? 0;
  }

  async pruneWebSessions(before: number): Promise<number> {
    return (await this.pool.query('DELETE FROM web_sessions WHERE COALESCE(ended_at, expires_at) < $1', [before])).rowCount ?? 0;
  }

  async deleteDevice(deviceId: string): Promise<boolean> {
    return ((await this.pool.query('DELETE FROM devices WHERE id = $1', [deviceId])).rowCount ?? 0) > 0;
  }

  private async end(db: Db, lease: LeaseRecord, reason: LeaseEnd, now: number): Promise<LeaseRecord> {
    await db.query('UPDATE leases SET ended_at = $1, end_reason = $2 WHERE id = $3 AND ended_at IS NULL', [now, reason, lease.id]);
    await db.query('UPDATE sessions SET ended_at = $1 WHERE lease_id = $2 AND ended_at IS NULL', [now, lease.id]);
    return { ...lease, endedAt: now, endReason: reason };
  }

  /** The open lease on a device, ending it first if it ran out; the caller holds the device lock. */
  private async live(db: pg.PoolClient, deviceId: string, now: number): Promise<LeaseRecord | null> {
    const r = await one(db, 'SELECT * FROM leases WHERE device_id = $1 AND ended_at IS NULL FOR UPDATE', [deviceId]);
    if (!r) return null;
    const open = leaseOf(r);
    const reason = runOut(open, now);
    if (!reason) return open;
    await this.end(db, open, reason, now);
    return null;
  }

  async acquireLease(n: NewLease): Promise<AcquireResult> {
    return this.tx(async (db): Promise<AcquireResult> => {
      await this.lockDevice(db, n.deviceId);
      const holder = await this.live(db, n.deviceId, n.now);
      if (holder) return { ok: false, holder };
      const r = await one(
        db,
        `INSERT INTO leases (id, device_id, token_id, actor, acquired_at, ttl_ms, idle_ms, expires_at, last_activity_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [n.id, n.deviceId, n.tokenId, n.actor, n.now, n.ttlMs, n.idleMs, n.now + n.ttlMs, n.now],
      );
      await db.query('INSERT INTO sessions (id, lease_id, device_id, token_id, actor, started_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        n.sessionId,
        n.id,
        n.deviceId,
        n.tokenId,
        n.actor,
        n.now,
      ]);
      if (!r) throw new Error('lease vanished inside its own transaction');
      return { ok: true, lease: leaseOf(r) };
    });
  }

  async liveLease(deviceId: string, now: number): Promise<LeaseRecord | null> {
    return this.tx(async (db) => {
      await this.lockDevice(db, deviceId);
      return this.live(db, deviceId, now);
    });
  }

  async getLease(id: string): Promise<LeaseRecord | null> {
    const r = await one(this.pool, 'SELECT * FROM leases WHERE id = $1', [id]);
    return r ? leaseOf(r) : null;
  }

  async listLiveLeases(now: number): Promise<LeaseRecord[]> {
    await this.endRunOut(this.pool, now);
    return (await rows(this.pool, 'SELECT * FROM leases WHERE ended_at IS NULL ORDER BY acquired_at')).map(leaseOf);
  }

  async renewLease(id: string, now: number): Promise<LeaseRecord | null> {
    return this.tx(async (db) => {
      const r = await one(db, 'SELECT * FROM leases WHERE id = $1 AND ended_at IS NULL FOR UPDATE', [id]);
      if (!r) return null;
      const lease = leaseOf(r);
      const reason = runOut(lease, now);
      if (reason) {
        await this.end(db, lease, reason, now);
        return null;
      }
      await db.query('UPDATE leases SET expires_at = $1, last_activity_at = $2 WHERE id = $3', [now + lease.ttlMs, now, id]);
      return { ...lease, expiresAt: now + lease.ttlMs, lastActivityAt: now };
    });
  }

  async touchLease(id: string, now: number): Promise<void> {
    // Skipped when touched moments ago (a quarter of the idle timeout, at most 1 s): no write.
    await this.pool.query('UPDATE leases SET last_activity_at = $1 WHERE id = $2 AND ended_at IS NULL AND last_activity_at <= $1 - LEAST(1000, idle_ms / 4)', [now, id]);
  }

  async endLease(id: string, reason: LeaseEnd, now: number): Promise<LeaseRecord | null> {
    return this.tx(async (db) => {
      const r = await one(db, 'SELECT * FROM leases WHERE id = $1 AND ended_at IS NULL FOR UPDATE', [id]);
      return r ? this.end(db, leaseOf(r), reason, now) : null;
    });
  }

  /**
   * Ends every run-out lease in one statement: each row is ended once even when several hubs
   * sweep at the same moment (the row lock makes the second UPDATE see it ended).
   */
  private async endRunOut(db: Db, now: number): Promise<LeaseRecord[]> {
    const ended = (
      await rows(
        db,
        `UPDATE leases SET ended_at = $1, end_reason = CASE WHEN $1 >= expires_at THEN 'expired' ELSE 'idle' END
         WHERE ended_at IS NULL AND ($1 >= expires_at OR $1 >= last_activity_at + idle_ms) RETURNING *`,
        [now],
      )
    ).map(leaseOf);
    if (ended.length > 0) {
      await db.query('UPDATE sessions SET ended_at = $1 WHERE lease_id = ANY($2) AND ended_at IS NULL', [now, ended.map((l) => l.id)]);
    }
    return ended;
  }

  /** Only the hub holding the sweep lock sweeps; the others return nothing this round. */
  async expireLeases(now: number): Promise<LeaseRecord[]> {
    return this.tx(async (db) => {
      const got = await one(db, 'SELECT pg_try_advisory_xact_lock($1, $2) AS got', [LOCK_SPACE, SWEEP_LOCK]);
      return got?.got === true ? this.endRunOut(db, now) : [];
    });
  }

  async addQueueEntry(e: QueueEntryRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO queue_entries (id, device_id, token_id, actor, enqueued_at, deadline_at, state, lease_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [e.id, e.deviceId, e.tokenId, e.actor, e.enqueuedAt, e.deadlineAt, e.state, e.leaseId],
    );
  }

  async setQueueState(id: string, state: QueueState, leaseId: string | null): Promise<void> {
    await this.pool.query('UPDATE queue_entries SET state = $1, lease_id = $2 WHERE id = $3', [state, leaseId, id]);
  }

  async cancelWaitingQueue(): Promise<number> {
    return (await this.pool.query("UPDATE queue_entries SET state = 'cancelled' WHERE state = 'waiting'")).rowCount ?? 0;
  }

  async getSession(id: string): Promise<SessionRecord | null> {
    const r = await one(this.pool, 'SELECT * FROM sessions WHERE id = $1', [id]);
    return r ? sessionOf(r) : null;
  }

  async sessionOfLease(leaseId: string): Promise<SessionRecord | null> {
    const r = await one(this.pool, 'SELECT * FROM sessions WHERE lease_id = $1', [leaseId]);
    return r ? sessionOf(r) : null;
  }

  async listSessions(page: Page): Promise<SessionRecord[]> {
    const found =
      page.after === undefined
        ? await rows(this.pool, 'SELECT * FROM sessions ORDER BY started_at DESC, id DESC LIMIT $1', [page.limit])
        : await rows(this.pool, 'SELECT * FROM sessions WHERE started_at < $1 ORDER BY started_at DESC, id DESC LIMIT $2', [page.after, page.limit]);
    return found.map(sessionOf);
  }

  async beginAction(a: NewAction): Promise<ActionRecord> {
    const r = await one(
      this.pool,
      `INSERT INTO actions (id, session_id, lease_id, device_id, token_id, actor, at, command, args)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING seq`,
      [a.id, a.sessionId, a.leaseId, a.deviceId, a.tokenId, a.actor, a.at, a.command, JSON.stringify(a.args ?? null)],
    );
    return {
      ...a,
      seq: num(r?.seq),
      envelope: null,
      before: null,
      after: null,
      diff: null,
      outlineBefore: null,
      outlineAfter: null,
      hasThumbnail: false,
      finishedAt: null,
    };
  }

  async finishAction(id: string, o: ActionOutcome): Promise<void> {
    await this.pool.query(
      `UPDATE actions SET envelope = $1, outline_before = $2, outline_after = $3, diff = $4,
         outline_before_text = $5, outline_after_text = $6, thumbnail = $7, finished_at = $8 WHERE id = $9`,
      [
        JSON.stringify(o.envelope),
        o.before ?? null,
        o.after ?? null,
        o.diff ?? null,
        o.outlineBefore ?? null,
        o.outlineAfter ?? null,
        o.thumbnail ? Buffer.from(o.thumbnail.buffer, o.thumbnail.byteOffset, o.thumbnail.byteLength) : null,
        o.finishedAt,
        id,
      ],
    );
  }

  async listActions(sessionId: string, page: Page): Promise<ActionRecord[]> {
    return (await rows(this.pool, `SELECT ${ACTION_COLUMNS} FROM actions WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [sessionId, page.after ?? 0, page.limit])).map(
      actionOf,
    );
  }

  async actionThumbnail(sessionId: string, actionId: string): Promise<Buffer | null> {
    const r = await one(this.pool, 'SELECT thumbnail FROM actions WHERE session_id = $1 AND id = $2', [sessionId, actionId]);
    return Buffer.isBuffer(r?.thumbnail) ? r.thumbnail : null;
  }

  private closing: Promise<void> | null = null;

  async close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}
