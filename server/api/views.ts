import { z } from 'zod';
import { CapabilitiesSchema } from '../../core/wire/device.js';
import type { DeviceView } from '../fleet/worker-hub.js';
import type { ActionRecord, LeaseRecord, SessionRecord, TokenRecord } from '../store/store.js';

/** The JSON shapes the API answers with, as schemas (for the OpenAPI document) and builders. */
const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export const LeaseHolderSchema = z.object({ leaseId: z.string(), holder: z.string(), until: z.string() });

export const DeviceSchema = z.object({
  id: z.string(),
  platform: z.enum(['android', 'ios', 'web']),
  model: z.string(),
  name: z.string(),
  size: z.object({ w: z.number(), h: z.number() }),
  scale: z.number(),
  orientation: z.enum(['portrait', 'landscape']),
  state: z.enum(['online', 'offline']),
  capabilities: CapabilitiesSchema,
  lease: LeaseHolderSchema.nullable(),
  lastSeenAt: z.string(),
});

/** When a live lease ends at the latest without activity: its TTL or its idle timeout, whichever is first. */
function leaseUntil(lease: LeaseRecord): number {
  return Math.min(lease.expiresAt, lease.lastActivityAt + lease.idleMs);
}

export function deviceJson(view: DeviceView, lease: LeaseRecord | undefined): z.infer<typeof DeviceSchema> {
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
    lease: lease ? { leaseId: lease.id, holder: lease.actor, until: iso(leaseUntil(lease)) } : null,
    lastSeenAt: iso(view.lastSeenAt),
  };
}

export const LeaseSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  holder: z.string(),
  sessionId: z.string().nullable(),
  acquiredAt: z.string(),
  expiresAt: z.string(),
  idleTimeoutMs: z.number(),
  ttlMs: z.number(),
  lastActivityAt: z.string(),
  until: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.enum(['released', 'revoked', 'expired', 'idle']).nullable(),
});

export function leaseJson(lease: LeaseRecord, sessionId: string | null): z.infer<typeof LeaseSchema> {
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

export const SessionSchema = z.object({
  id: z.string(),
  leaseId: z.string(),
  deviceId: z.string(),
  actor: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});

export function sessionJson(s: SessionRecord): z.infer<typeof SessionSchema> {
  return { id: s.id, leaseId: s.leaseId, deviceId: s.deviceId, actor: s.actor, startedAt: iso(s.startedAt), endedAt: isoOrNull(s.endedAt) };
}

export const ActionSchema = z.object({
  seq: z.number(),
  id: z.string(),
  sessionId: z.string(),
  leaseId: z.string(),
  deviceId: z.string(),
  actor: z.string(),
  at: z.string(),
  command: z.string(),
  args: z.unknown(),
  envelope: z.unknown().describe('null while the command is in flight'),
  outlineBefore: z.string().nullable(),
  outlineAfter: z.string().nullable(),
  diff: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export function actionJson(a: ActionRecord): z.infer<typeof ActionSchema> {
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
    finishedAt: isoOrNull(a.finishedAt),
  };
}

export const TokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export function tokenJson(t: TokenRecord): z.infer<typeof TokenSchema> {
  return { id: t.id, name: t.name, role: t.role, createdAt: iso(t.createdAt), expiresAt: isoOrNull(t.expiresAt), revokedAt: isoOrNull(t.revokedAt) };
}
