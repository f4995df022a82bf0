import type { ActionRecord, DeviceRecord, LeaseEnd, LeaseRecord, Role, SessionRecord, TokenRecord, WebSessionRecord } from './store.js';

/** Rows as both SQL stores read them, and the lease rule they share. */
export type Row = Record<string, unknown>;

export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const json = (v: unknown): unknown => (v === null || v === undefined ? null : JSON.parse(String(v)));

export function tokenOf(r: Row): TokenRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    role: r.role as Role,
    hash: String(r.hash),
    createdAt: num(r.created_at),
    expiresAt: numOrNull(r.expires_at),
    revokedAt: numOrNull(r.revoked_at),
  };
}

export function webSessionOf(r: Row): WebSessionRecord {
  return {
    id: String(r.id),
    tokenId: String(r.token_id),
    hash: String(r.hash),
    createdAt: num(r.created_at),
    expiresAt: num(r.expires_at),
    endedAt: numOrNull(r.ended_at),
  };
}

export function deviceOf(r: Row): DeviceRecord {
  return {
    id: String(r.id),
    workerId: String(r.worker_id),
    platform: String(r.platform),
    descriptor: json(r.descriptor),
    lastSeenAt: num(r.last_seen_at),
    ownerTokenId: r.owner_token_id == null ? null : String(r.owner_token_id),
  };
}

export function leaseOf(r: Row): LeaseRecord {
  return {
    id: String(r.id),
    deviceId: String(r.device_id),
    tokenId: String(r.token_id),
    actor: String(r.actor),
    acquiredAt: num(r.acquired_at),
    ttlMs: num(r.ttl_ms),
    idleMs: num(r.idle_ms),
    expiresAt: num(r.expires_at),
    lastActivityAt: num(r.last_activity_at),
    endedAt: numOrNull(r.ended_at),
    endReason: (r.end_reason ?? null) as LeaseEnd | null,
  };
}

export function sessionOf(r: Row): SessionRecord {
  return {
    id: String(r.id),
    leaseId: String(r.lease_id),
    deviceId: String(r.device_id),
    tokenId: String(r.token_id),
    actor: String(r.actor),
    startedAt: num(r.started_at),
    endedAt: numOrNull(r.ended_at),
  };
}

/** Every action column but the thumbnail's bytes: a log page says only whether each has one. */
export const ACTION_COLUMNS = `seq, id, session_id, lease_id, device_id, token_id, actor, at, command, args, envelope,
  outline_before, outline_after, diff, outline_before_text, outline_after_text, thumbnail IS NOT NULL AS has_thumbnail, finished_at`;

export function actionOf(r: Row): ActionRecord {
  return {
    seq: num(r.seq),
    id: String(r.id),
    sessionId: String(r.session_id),
    leaseId: String(r.lease_id),
    deviceId: String(r.device_id),
    tokenId: String(r.token_id),
    actor: String(r.actor),
    at: num(r.at),
    command: String(r.command),
    args: json(r.args),
    envelope: json(r.envelope),
    before: strOrNull(r.outline_before),
    after: strOrNull(r.outline_after),
    diff: strOrNull(r.diff),
    outlineBefore: strOrNull(r.outline_before_text),
    outlineAfter: strOrNull(r.outline_after_text),
    hasThumbnail: Boolean(r.has_thumbnail),
    finishedAt: numOrNull(r.finished_at),
  };
}

/** Which way a lease ran out by `now`, if it did. */
export function runOut(lease: LeaseRecord, now: number): LeaseEnd | null {
  if (now >= lease.expiresAt) return 'expired';
  if (now >= lease.lastActivityAt + lease.idleMs) return 'idle';
  return null;
}
