import type { ActionJson, DeviceJson, LeaseJson, SessionJson, TokenJson } from '../../core/wire/api-views.js';
import type { DeviceView } from '../fleet/worker-hub.js';
import type { ActionRecord, LeaseRecord, SessionRecord, TokenRecord } from '../store/store.js';

/** Builders of the JSON shapes the API answers with (their schemas are in core/wire/api-views.ts). */
const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** When a live lease ends at the latest without activity: its TTL or its idle timeout, whichever is first. */
function leaseUntil(lease: LeaseRecord): number {
  return Math.min(lease.expiresAt, lease.lastActivityAt + lease.idleMs);
}

export function deviceJson(view: DeviceView, lease: LeaseRecord | undefined): DeviceJson {
  const d = view.descriptor;
  return {
    id: view.id,
    platform: d.platform,
    model: d.model,
    name: d.name,
    size: d.size,
    scale: d.scale,
    orientation: d.orientation,
    state: view.online ? 'online' : 'offline',
    capabilities: d.capabilities,
    ...(d.status ? { status: d.status } : {}),
    lease: lease ? { leaseId: lease.id, holder: lease.actor, until: iso(leaseUntil(lease)) } : null,
    lastSeenAt: iso(view.lastSeenAt),
  };
}

export function leaseJson(lease: LeaseRecord, sessionId: string | null): LeaseJson {
  return {
    id: lease.id,
    deviceId: lease.deviceId,
    holder: lease.actor,
    sessionId,
    acquiredAt: iso(lease.acquiredAt),
    expiresAt: iso(lease.expiresAt),
    idleTimeoutMs: lease.idleMs,
    ttlMs: lease.ttlMs,
    lastActivityAt: iso(lease.lastActivityAt),
    until: iso(leaseUntil(lease)),
    endedAt: isoOrNull(lease.endedAt),
    endReason: lease.endReason,
  };
}

export function sessionJson(s: SessionRecord): SessionJson {
  return { id: s.id, leaseId: s.leaseId, deviceId: s.deviceId, actor: s.actor, startedAt: iso(s.startedAt), endedAt: isoOrNull(s.endedAt) };
}

/** Where an action's thumbnail is served (GET, viewer role). */
export function actionThumbnailPath(sessionId: string, actionId: string): string {
  return `/api/v1/sessions/${encodeURIComponent(sessionId)}/actions/${encodeURIComponent(actionId)}/thumbnail`;
}

export function actionJson(a: ActionRecord): ActionJson {
  return {
    seq: a.seq,
    id: a.id,
    sessionId: a.sessionId,
    leaseId: a.leaseId,
    deviceId: a.deviceId,
    actor: a.actor,
    at: iso(a.at),
    command: a.command,
    args: a.args,
    envelope: a.envelope,
    outlineBefore: a.before,
    outlineAfter: a.after,
    diff: a.diff,
    outlineBeforeText: a.outlineBefore,
    outlineAfterText: a.outlineAfter,
    thumbnail: a.hasThumbnail ? actionThumbnailPath(a.sessionId, a.id) : null,
    finishedAt: isoOrNull(a.finishedAt),
  };
}

export function tokenJson(t: TokenRecord): TokenJson {
  return { id: t.id, name: t.name, role: t.role, createdAt: iso(t.createdAt), expiresAt: isoOrNull(t.expiresAt), revokedAt: isoOrNull(t.revokedAt) };
}
