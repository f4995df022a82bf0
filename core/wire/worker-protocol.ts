import { z } from 'zod';
import { ActionTraceSchema } from './action-data.js';
import { DEVICE_ID_PATTERN, DeviceDescriptorSchema, DisplayText } from './device.js';
import { EnvelopeSchema } from './envelope.js';
import type { Envelope } from '../contract/envelope.js';
import {
  ActionMediaSchema,
  MAX_EVIDENCE_SCREENSHOT_BYTES,
  type RecordingEnd,
  type RecordingPiece,
  type RecordingRequest,
  type RecordingStartAck,
} from './recording-protocol.js';

/**
 * The hub <-> worker protocol: Socket.IO namespace `/workers` on the hub's one port.
 *
 * Connect:  io(`${hub}/workers`, { auth: { token } }) with a worker token. A bad or revoked
 *           token fails the connection with connect_error message `UNAUTHORIZED`.
 * Register: the worker's first emit is `register` (ack `RegisterAck`); the hub ignores every
 *           other event from a socket that has not registered. Re-register after each reconnect:
 *           the hub keeps no worker state across connections (leases do survive: they are stored).
 *           The hub drops a worker (heartbeat lost, hub shutting down) by closing the transport, so
 *           the client's own reconnection applies: keep Socket.IO reconnection on.
 * Liveness: `heartbeat` every HEARTBEAT_INTERVAL_MS. A worker silent for WORKER_OFFLINE_AFTER_MS,
 *           or disconnected, has its devices marked offline; they come back on re-register.
 * Devices:  `devices` replaces the worker's whole device list (a device appeared or left).
 * Commands: hub emits `command` with an ack. The worker emits `command:received` {requestId}
 *           as soon as it has the command, before running it, then answers the ack with a
 *           `CommandResult` within `deadlineMs` (a budget in ms, counted from receipt, time waiting
 *           for the device included): the hub sends workerDeadlineMs(caller's deadline), keeping
 *           a margin for the answer's way back. At the deadline the worker gives the command up
 *           (what it was sending stops, fingers are lifted) and answers TIMEOUT. If the worker
 *           is lost first, the caller gets `not_delivered` (retry safe) when no
 *           `command:received` arrived, else `delivery_uncertain`.
 *           `leaseId` is the ref scope: `@N` means element N of the latest snapshot taken under
 *           this key. It is the lease's id, or `watch:<tokenId>` for someone observing without a lease.
 *           `traceId` is the hub's request id (X-Request-Id): the worker logs it with the command.
 * Recordings: core/wire/recording-protocol.ts.
 * Leases:   hub emits `lease:ended` {deviceId, leaseId, reason} when a lease is released, revoked
 *           or runs out; the worker gives up that lease's commands (fingers lifted) and forgets
 *           its snapshots before the device serves anyone else.
 * Frames:   hub emits `frames:subscribe` / `frames:unsubscribe` {deviceId}; while subscribed the
 *           worker emits `frame` (JPEG bytes); latest frame wins, the hub may drop any frame.
 */
export const WORKER_NAMESPACE = '/workers';
export const WORKER_PROTOCOL_VERSION = 1;
export const HEARTBEAT_INTERVAL_MS = 2000;
export const WORKER_OFFLINE_AFTER_MS = 5000;

/**
 * The worker's budget for a command whose caller allows `callerDeadlineMs`: a tenth of it, at
 * most a second, is kept back so the worker's own TIMEOUT envelope reaches the caller before the
 * hub's timer would answer for it.
 */
export function workerDeadlineMs(callerDeadlineMs: number): number {
  return Math.max(1, callerDeadlineMs - Math.min(1000, Math.floor(callerDeadlineMs / 10)));
}

export const WorkerAuthSchema = z.object({ token: z.string().min(1).max(500) });

export const RegisterSchema = z
  .object({
    workerId: z.string().min(1).max(200).regex(DEVICE_ID_PATTERN, 'letters, digits and _ . : @ - only'),
    host: DisplayText(200),
    version: z.string().max(50),
    protocol: z.literal(WORKER_PROTOCOL_VERSION).default(WORKER_PROTOCOL_VERSION),
    devices: z.array(DeviceDescriptorSchema).max(500),
  })
  .strict();

export type Register = z.infer<typeof RegisterSchema>;

export const RegisterAckSchema = z.union([
  z.object({ ok: z.literal(true), hubVersion: z.string() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export const DevicesUpdateSchema = z.object({ devices: z.array(DeviceDescriptorSchema).max(500) }).strict();

export const HeartbeatSchema = z.object({ at: z.number() }).strict();

/** Who acts: the token's name and id, for the device session's own logs. */
export const ActorSchema = z.object({ tokenId: z.string(), name: z.string(), role: z.string() }).strict();

export const CommandMessageSchema = z
  .object({
    requestId: z.string().min(1),
    deviceId: z.string().min(1),
    /** A name of core/wire/commands.ts COMMANDS; the hub and the worker both admit it with core/wire/admission.ts. */
    command: z.string().min(1),
    args: z.unknown(),
    deadlineMs: z.number().int().positive(),
    leaseId: z.string(),
    actor: ActorSchema,
    /** The id of the hub request this command serves, for the worker's log lines. */
    traceId: z.string().max(100).optional(),
  })
  .strict();

export const CommandReceivedSchema = z.object({ requestId: z.string().min(1) }).strict();

export const LeaseEndedSchema = z
  .object({
    deviceId: z.string().min(1),
    leaseId: z.string().min(1),
    reason: z.enum(['released', 'revoked', 'expired', 'idle']),
  })
  .strict();

/** Most outline text and thumbnail bytes one action's evidence may carry. */
export const MAX_EVIDENCE_OUTLINE_CHARS = 1_000_000;
export const MAX_EVIDENCE_THUMBNAIL_BYTES = 256 * 1024;

/**
 * What an action left behind, for the action log: the snapshot ids (outline hashes) seen before
 * and after, the settled diff as text, both outlines as text, and a small JPEG thumbnail of the
 * screen after. All optional: observe commands have none, a device without screenshots no thumbnail.
 */
export const EvidenceSchema = ActionTraceSchema.extend({
    outlineBefore: z.string().max(MAX_EVIDENCE_OUTLINE_CHARS).optional(),
    outlineAfter: z.string().max(MAX_EVIDENCE_OUTLINE_CHARS).optional(),
    thumbnail: z
      .instanceof(Uint8Array)
      .refine((b) => b.byteLength <= MAX_EVIDENCE_THUMBNAIL_BYTES, 'thumbnail too large')
      .optional(),
    /** Where the action sits in the recording, when the device is being recorded. */
    media: ActionMediaSchema.optional(),
    /** Full-size JPEGs (one pixel per point) of the screen before and after, from the recording. */
    screenshotBefore: z
      .instanceof(Uint8Array)
      .refine((b) => b.byteLength <= MAX_EVIDENCE_SCREENSHOT_BYTES, 'screenshot too large')
      .optional(),
    screenshotAfter: z
      .instanceof(Uint8Array)
      .refine((b) => b.byteLength <= MAX_EVIDENCE_SCREENSHOT_BYTES, 'screenshot too large')
      .optional(),
  }).strict();

/** Evidence that does not parse is dropped: it must never cost the caller the action's envelope. */
export const CommandResultSchema = z.object({ envelope: EnvelopeSchema, evidence: EvidenceSchema.optional().catch(undefined) });

/** How a stream's frames are made: image pixels per point (the viewer's pixel ratio, up to 3x) and JPEG quality. */
export const StreamOptionsSchema = z.object({ scale: z.number().min(0.25).max(3).optional(), quality: z.number().int().min(10).max(95).optional() }).strict();

export const FramesRequestSchema = StreamOptionsSchema.extend({ deviceId: z.string().min(1) }).strict();

export const FrameMessageSchema = z.object({
  deviceId: z.string().min(1),
  timestamp: z.number(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  data: z.instanceof(Uint8Array),
});

export type WorkerAuth = z.infer<typeof WorkerAuthSchema>;
export type RegisterMessage = z.input<typeof RegisterSchema>;
export type RegisterAck = z.infer<typeof RegisterAckSchema>;
export type DevicesUpdate = z.infer<typeof DevicesUpdateSchema>;
export type Heartbeat = z.infer<typeof HeartbeatSchema>;
export type Actor = z.infer<typeof ActorSchema>;
export type CommandMessage = z.infer<typeof CommandMessageSchema>;
export type CommandReceived = z.infer<typeof CommandReceivedSchema>;
export type LeaseEnded = z.infer<typeof LeaseEndedSchema>;
export type Evidence = z.infer<typeof EvidenceSchema>;
export interface CommandResult {
  envelope: Envelope;
  evidence?: Evidence;
}
export type FramesRequest = z.infer<typeof FramesRequestSchema>;
export type StreamOptions = z.infer<typeof StreamOptionsSchema>;
export type FrameMessage = z.infer<typeof FrameMessageSchema>;

/** Events the hub emits to a worker (Socket.IO typing: `Socket<HubToWorkerEvents, WorkerToHubEvents>` on the worker). */
export interface HubToWorkerEvents {
  command: (message: CommandMessage, ack: (result: CommandResult) => void) => void;
  'lease:ended': (message: LeaseEnded) => void;
  'frames:subscribe': (message: FramesRequest) => void;
  'frames:unsubscribe': (message: FramesRequest) => void;
  'recording:start': (message: RecordingRequest, ack: (result: RecordingStartAck) => void) => void;
  'recording:stop': (message: RecordingRequest) => void;
}

/** Events a worker emits to the hub. */
export interface WorkerToHubEvents {
  register: (message: RegisterMessage, ack: (result: RegisterAck) => void) => void;
  devices: (message: DevicesUpdate) => void;
  heartbeat: (message: Heartbeat) => void;
  'command:received': (message: CommandReceived) => void;
  frame: (message: FrameMessage) => void;
  'recording:piece': (message: RecordingPiece) => void;
  'recording:end': (message: RecordingEnd) => void;
}
