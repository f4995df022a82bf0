import { z } from 'zod';
import { CapabilitiesSchema, DeviceStatusSchema } from './device.js';

/**
 * The JSON shapes the REST API answers with (GET /devices, /leases, /sessions, /tokens...):
 * the hub builds them and documents them in OpenAPI; clients (CLI, dashboard) read them.
 */
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
  status: DeviceStatusSchema.optional().describe('frame path, battery and helpers, where the worker reports them (phones)'),
  lease: LeaseHolderSchema.nullable(),
  lastSeenAt: z.string(),
});

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

export const SessionSchema = z.object({
  id: z.string(),
  leaseId: z.string(),
  deviceId: z.string(),
  actor: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});

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
  outlineBefore: z.string().nullable().describe('snapshot id (outline hash) of the screen before'),
  outlineAfter: z.string().nullable().describe('snapshot id (outline hash) of the screen after'),
  diff: z.string().nullable(),
  outlineBeforeText: z.string().nullable().describe('the outline text of the screen before'),
  outlineAfterText: z.string().nullable().describe('the outline text of the screen after'),
  thumbnail: z.string().nullable().describe('URL of a small JPEG of the screen after (GET .../actions/{actionId}/thumbnail)'),
  finishedAt: z.string().nullable(),
});

export const TokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export type DeviceJson = z.infer<typeof DeviceSchema>;
export type LeaseJson = z.infer<typeof LeaseSchema>;
export type SessionJson = z.infer<typeof SessionSchema>;
export type ActionJson = z.infer<typeof ActionSchema>;
export type TokenJson = z.infer<typeof TokenSchema>;
