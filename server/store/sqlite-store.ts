import { chmodSync, existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations.js';
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

/** Applies the migrations not yet recorded, each in its own transaction. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const done = new Set(db.prepare('SELECT version FROM schema_migrations').all().map((r) => num((r as Row).version)));
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    })();
    applied.push(m.version);
  }
  return applied;
}

/** The default store: one SQLite file in WAL mode. */
export class SqliteStore implements Store {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // FULL: an action recorded before its answer survives a power loss too (~1 ms per commit here).
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
    // Token hashes and typed text live here: only the hub's own user reads them (issue 18, item 6).
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      if (existsSync(path)) chmodSync(path, 0o600);
    }
  }

  async createToken(t: TokenRecord): Promise<void> {
    this.db
      .prepare('INSERT INTO tokens (id, name, role, hash, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(t.id, t.name, t.role, t.hash, t.createdAt, t.expiresAt, t.revokedAt);
  }

  async getToken(id: string): Promise<TokenRecord | null> {
    const r = this.db.prepare('SELECT * FROM tokens WHERE id = ?').get(id) as Row | undefined;
    return r ? tokenOf(r) : null;
  }

  async listTokens(): Promise<TokenRecord[]> {
    return (this.db.prepare('SELECT * FROM tokens ORDER BY created_at, id').all() as Row[]).map(tokenOf);
  }

  async revokeToken(id: string, at: number): Promise<boolean> {
    return this.db.prepare('UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id).changes > 0;
  }

  async revokeTokensNamed(name: string, role: Role, at: number): Promise<number> {
    return this.db.prepare('UPDATE tokens SET revoked_at = ? WHERE name = ? AND role = ? AND revoked_at IS NULL').run(at, name, role).changes;
  }

  async countLiveTokens(role: Role, now: number): Promise<number> {
    const r = this.db
      .prepare('SELECT COUNT(*) AS n FROM tokens WHERE role = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)')
      .get(role, now) as Row;
    return num(r.n);
  }

  async upsertDevice(d: DeviceRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO devices (id, worker_id, platform, descriptor, last_seen_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET worker_id = excluded.worker_id, platform = excluded.platform,
           descriptor = excluded.descriptor, last_seen_at = excluded.last_seen_at`,
      )
      .run(d.id, d.workerId, d.platform, JSON.stringify(d.descriptor), d.lastSeenAt);
  }

  async listDevices(): Promise<DeviceRecord[]> {
    return (this.db.prepare('SELECT * FROM devices ORDER BY id').all() as Row[]).map(deviceOf);
  }

  async claimDevice(d: DeviceRecord, tokenId: string, now: number): Promise<string | null> {
    return this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO devices (id, worker_id, platform, descriptor, last_seen_at, owner_token_id) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET owner_token_id = excluded.owner_token_id
         WHERE devices.owner_token_id IS NULL OR devices.owner_token_id = excluded.owner_token_id
           OR NOT EXISTS (SELECT 1 FROM tokens t WHERE t.id = devices.owner_token_id AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?))`,
        )
        .run(d.id, d.workerId, d.platform, JSON.stringify(d.descriptor), d.lastSeenAt, tokenId, now);
      const r = this.db.prepare('SELECT owner_token_id FROM devices WHERE id = ?').get(d.id) as Row | undefined;
      return r?.owner_token_id == null ? null : String(r.owner_token_id);
    })();
  }

  async setDeviceOwner(deviceId: string, tokenId: string | null): Promise<boolean> {
    return this.db.prepare('UPDATE devices SET owner_token_id = ? WHERE id = ?').run(tokenId, deviceId).changes > 0;
  }

  async createWebSession(w: WebSessionRecord): Promise<void> {
    this.db
      .prepare('INSERT INTO web_sessions (id, token_id, hash, created_at, expires_at, ended_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(w.id, w.tokenId, w.hash, w.createdAt, w.expiresAt, w.endedAt);
  }

  async getWebSession(id: string): Promise<WebSessionRecord | null> {
    const r = this.db.prepare('SELECT * FROM web_sessions WHERE id = ?').get(id) as Row | undefined;
    return r ? webSessionOf(r) : null;
  }

  async endWebSession(id: string, at: number): Promise<boolean> {
    return this.db.prepare('UPDATE web_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(at, id).changes > 0;
  }

  async endWebSessionsOf(tokenId: string, at: number): Promise<number> {
    return this.db.prepare('UPDATE web_sessions SET ended_at = ? WHERE token_id = ? AND ended_at IS NULL').run(at, tokenId).changes;
  }

  async pruneWebSessions(before: number): Promise<number> {
    return this.db.prepare('DELETE FROM web_sessions WHERE COALESCE(ended_at, expires_at) < ?').run(before).changes;
  }

  async deleteDevice(deviceId: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM devices WHERE id = ?').run(deviceId).changes > 0;
  }

  private openLease(deviceId: string): LeaseRecord | null {
    const r = this.db.prepare('SELECT * FROM leases WHERE device_id = ? AND ended_at IS NULL').get(deviceId) as Row | undefined;
    return r ? leaseOf(r) : null;
  }

  private end(lease: LeaseRecord, reason: LeaseEnd, now: number): LeaseRecord {
    this.db.prepare('UPDATE leases SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL').run(now, reason, lease.id);
    this.db.prepare('UPDATE sessions SET ended_at = ? WHERE lease_id = ? AND ended_at IS NULL').run(now, lease.id);
    return { ...lease, endedAt: now, endReason: reason };
  }

  /** The open lease on a device, ending it first if it ran out. */
  private live(deviceId: string, now: number): LeaseRecord | null {
    const open = this.openLease(deviceId);
    if (!open) return null;
    const reason = runOut(open, now);
    if (reason) {
      this.end(open, reason, now);
      return null;
    }
    return open;
  }

  async acquireLease(n: NewLease): Promise<AcquireResult> {
    return this.db.transaction((): AcquireResult => {
      const holder = this.live(n.deviceId, n.now);
      if (holder) return { ok: false, holder };
      this.db
        .prepare(
          `INSERT INTO leases (id, device_id, token_id, actor, acquired_at, ttl_ms, idle_ms, expires_at, last_activity_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(n.id, n.deviceId, n.tokenId, n.actor, n.now, n.ttlMs, n.idleMs, n.now + n.ttlMs, n.now);
      this.db
        .prepare('INSERT INTO sessions (id, lease_id, device_id, token_id, actor, started_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(n.sessionId, n.id, n.deviceId, n.tokenId, n.actor, n.now);
      const lease = this.openLease(n.deviceId);
      if (!lease) throw new Error('lease vanished inside its own transaction');
      return { ok: true, lease };
    })();
  }

  async liveLease(deviceId: string, now: number): Promise<LeaseRecord | null> {
    return this.db.transaction(() => this.live(deviceId, now))();
  }

  async getLease(id: string): Promise<LeaseRecord | null> {
    const r = this.db.prepare('SELECT * FROM leases WHERE id = ?').get(id) as Row | undefined;
    return r ? leaseOf(r) : null;
  }

  async listLiveLeases(now: number): Promise<LeaseRecord[]> {
    await this.expireLeases(now);
    return (this.db.prepare('SELECT * FROM leases WHERE ended_at IS NULL ORDER BY acquired_at').all() as Row[]).map(leaseOf);
  }

  async renewLease(id: string, now: number): Promise<LeaseRecord | null> {
    return this.db.transaction(() => {
      const lease = this.openById(id);
      if (!lease) return null;
      if (runOut(lease, now)) {
        this.end(lease, runOut(lease, now) as LeaseEnd, now);
        return null;
      }
      this.db.prepare('UPDATE leases SET expires_at = ?, last_activity_at = ? WHERE id = ?').run(now + lease.ttlMs, now, id);
      return { ...lease, expiresAt: now + lease.ttlMs, lastActivityAt: now };
    })();
  }

  private openById(id: string): LeaseRecord | null {
    const r = this.db.prepare('SELECT * FROM leases WHERE id = ? AND ended_at IS NULL').get(id) as Row | undefined;
    return r ? leaseOf(r) : null;
  }

  async touchLease(id: string, now: number): Promise<void> {
    // Skipped when touched moments ago (a quarter of the idle timeout, at most 1 s): no write, no fsync.
    this.db
      .prepare('UPDATE leases SET last_activity_at = ? WHERE id = ? AND ended_at IS NULL AND last_activity_at <= ? - MIN(1000, idle_ms / 4)')
      .run(now, id, now);
  }

  async endLease(id: string, reason: LeaseEnd, now: number): Promise<LeaseRecord | null> {
    return this.db.transaction(() => {
      const lease = this.openById(id);
      return lease ? this.end(lease, reason, now) : null;
    })();
  }

  async expireLeases(now: number): Promise<LeaseRecord[]> {
    return this.db.transaction(() => {
      const open = (this.db.prepare('SELECT * FROM leases WHERE ended_at IS NULL').all() as Row[]).map(leaseOf);
      const ended: LeaseRecord[] = [];
      for (const lease of open) {
        const reason = runOut(lease, now);
        if (reason) ended.push(this.end(lease, reason, now));
      }
      return ended;
    })();
  }

  async addQueueEntry(e: QueueEntryRecord): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO queue_entries (id, device_id, token_id, actor, enqueued_at, deadline_at, state, lease_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(e.id, e.deviceId, e.tokenId, e.actor, e.enqueuedAt, e.deadlineAt, e.state, e.leaseId);
  }

  async setQueueState(id: string, state: QueueState, leaseId: string | null): Promise<void> {
    this.db.prepare('UPDATE queue_entries SET state = ?, lease_id = ? WHERE id = ?').run(state, leaseId, id);
  }

  async cancelWaitingQueue(): Promise<number> {
    return this.db.prepare("UPDATE queue_entries SET state = 'cancelled' WHERE state = 'waiting'").run().changes;
  }

  async getSession(id: string): Promise<SessionRecord | null> {
    const r = this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as Row | undefined;
    return r ? sessionOf(r) : null;
  }

  async sessionOfLease(leaseId: string): Promise<SessionRecord | null> {
    const r = this.db.prepare('SELECT * FROM sessions WHERE lease_id = ?').get(leaseId) as Row | undefined;
    return r ? sessionOf(r) : null;
  }

  async listSessions(page: Page): Promise<SessionRecord[]> {
    const rows =
      page.after === undefined
        ? this.db.prepare('SELECT * FROM sessions ORDER BY started_at DESC, id DESC LIMIT ?').all(page.limit)
        : this.db.prepare('SELECT * FROM sessions WHERE started_at < ? ORDER BY started_at DESC, id DESC LIMIT ?').all(page.after, page.limit);
    return (rows as Row[]).map(sessionOf);
  }

  async beginAction(a: NewAction): Promise<ActionRecord> {
    const info = this.db
      .prepare(
        `INSERT INTO actions (id, session_id, lease_id, device_id, token_id, actor, at, command, args)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(a.id, a.sessionId, a.leaseId, a.deviceId, a.tokenId, a.actor, a.at, a.command, JSON.stringify(a.args ?? null));
    return {
      ...a,
      seq: Number(info.lastInsertRowid),
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
    this.db
      .prepare(
        `UPDATE actions SET envelope = ?, outline_before = ?, outline_after = ?, diff = ?,
           outline_before_text = ?, outline_after_text = ?, thumbnail = ?, finished_at = ? WHERE id = ?`,
      )
      .run(
        JSON.stringify(o.envelope),
        o.before ?? null,
        o.after ?? null,
        o.diff ?? null,
        o.outlineBefore ?? null,
        o.outlineAfter ?? null,
        o.thumbnail ? Buffer.from(o.thumbnail.buffer, o.thumbnail.byteOffset, o.thumbnail.byteLength) : null,
        o.finishedAt,
        id,
      );
  }

  async listActions(sessionId: string, page: Page): Promise<ActionRecord[]> {
    return (
      this.db
        .prepare(`SELECT ${ACTION_COLUMNS} FROM actions WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?`)
        .all(sessionId, page.after ?? 0, page.limit) as Row[]
    ).map(actionOf);
  }

  async actionThumbnail(sessionId: string, actionId: string): Promise<Buffer | null> {
    const row = this.db.prepare('SELECT thumbnail FROM actions WHERE session_id = ? AND id = ?').get(sessionId, actionId) as Row | undefined;
    return Buffer.isBuffer(row?.thumbnail) ? row.thumbnail : null;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
