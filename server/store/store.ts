import type { TokenRole } from '../../core/wire/token-roles.js';

/**
 * What the hub keeps: tokens, devices, leases, the lease queue, sessions and the action log.
 * Async so a Postgres implementation can take the SQLite one's place; each method that must
 * be atomic (acquiring a lease) is one call.
 */
export type Role = TokenRole;

export interface TokenRecord {
  id: string;
  name: string;
  role: Role;
  /** `scrypt$<salt b64>$<hash b64>` */
  hash: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

/** A dashboard sign-in: the cookie carries `sls_<id>_<secret>`, the store only the secret's SHA-256. */
export interface WebSessionRecord {
  id: string;
  tokenId: string;
  hash: string;
  createdAt: number;
  expiresAt: number;
  endedAt: number | null;
}

export interface DeviceRecord {
  id: string;
  workerId: string;
  platform: string;
  descriptor: unknown;
  lastSeenAt: number;
  /** The worker token the device id belongs to (DESIGN.md section 8); null until one claims it. */
  ownerTokenId?: string | null;
}

export type LeaseEnd = 'released' | 'revoked' | 'expired' | 'idle';

export interface LeaseRecord {
  id: string;
  deviceId: string;
  tokenId: string;
  actor: string;
  acquiredAt: number;
  ttlMs: number;
  idleMs: number;
  /** acquiredAt + ttl, pushed forward by renew. */
  expiresAt: number;
  lastActivityAt: number;
  endedAt: number | null;
  endReason: LeaseEnd | null;
}

export type QueueState = 'waiting' | 'granted' | 'timed_out' | 'cancelled';

export interface QueueEntryRecord {
  id: string;
  deviceId: string;
  tokenId: string;
  actor: string;
  enqueuedAt: number;
  deadlineAt: number;
  state: QueueState;
  leaseId: string | null;
}

export interface SessionRecord {
  id: string;
  leaseId: string;
  deviceId: string;
  tokenId: string;
  actor: string;
  startedAt: number;
  endedAt: number | null;
}

/** An action as it is recorded before it is sent. */
export interface NewAction {
  id: string;
  sessionId: string;
  leaseId: string;
  deviceId: string;
  tokenId: string;
  actor: string;
  at: number;
  command: string;
  args: unknown;
}

export interface ActionRecord extends NewAction {
  /** Monotonic sequence number, the order actions were recorded in. */
  seq: number;
  /** Null while the command is in flight. */
  envelope: unknown;
  before: string | null;
  after: string | null;
  diff: string | null;
  /** The outline text of the screen before and after the action. */
  outlineBefore: string | null;
  outlineAfter: string | null;
  /** Whether a thumbnail of the screen after is stored (`actionThumbnail` reads it). */
  hasThumbnail: boolean;
  finishedAt: number | null;
}

export interface ActionOutcome {
  envelope: unknown;
  before?: string | undefined;
  after?: string | undefined;
  diff?: string | undefined;
  outlineBefore?: string | undefined;
  outlineAfter?: string | undefined;
  /** A small JPEG of the screen after the action. */
  thumbnail?: Uint8Array | undefined;
  finishedAt: number;
}

export type AcquireResult = { ok: true; lease: LeaseRecord } | { ok: false; holder: LeaseRecord };

export interface NewLease {
  id: string;
  sessionId: string;
  deviceId: string;
  tokenId: string;
  actor: string;
  ttlMs: number;
  idleMs: number;
  now: number;
}

export interface Page {
  limit: number;
  /** Return rows with seq greater than this (actions) or started before (sessions), for paging. */
  after?: number;
}

export interface Store {
  createToken(token: TokenRecord): Promise<void>;
  getToken(id: string): Promise<TokenRecord | null>;
  listTokens(): Promise<TokenRecord[]>;
  revokeToken(id: string, at: number): Promise<boolean>;
  /** Revokes every live token with this name and role (e.g. the previous local worker token). */
  revokeTokensNamed(name: string, role: Role, at: number): Promise<number>;
  countLiveTokens(role: Role, now: number): Promise<number>;

  createWebSession(session: WebSessionRecord): Promise<void>;
  getWebSession(id: string): Promise<WebSessionRecord | null>;
  /** Ends one session (sign-out); false if it was already ended or unknown. */
  endWebSession(id: string, at: number): Promise<boolean>;
  /** Ends every live session of a token (its revocation); returns how many. */
  endWebSessionsOf(tokenId: string, at: number): Promise<number>;
  /** Forgets sessions that ended or expired before `before`; returns how many. */
  pruneWebSessions(before: number): Promise<number>;

  /** Records a device's presence and description; never changes its owner. */
  upsertDevice(device: DeviceRecord): Promise<void>;
  listDevices(): Promise<DeviceRecord[]>;
  /**
   * Claims a device id for a worker token in one step, adding the device if it is new: granted
   * when nobody owns it, this token does, or its owner token is revoked or expired by `now`.
   * Returns the owner afterwards (the claimant when granted).
   */
  claimDevice(device: DeviceRecord, tokenId: string, now: number): Promise<string | null>;
  /** An admin moves a device to another token (null: the next worker to announce it claims it); false if there is no such device. */
  setDeviceOwner(deviceId: string, tokenId: string | null): Promise<boolean>;
  /** Forgets a device; false if there was none. */
  deleteDevice(deviceId: string): Promise<boolean>;

  /** Ends any lease on the device that has run out (TTL or idle), then grants a new one unless another is live. */
  acquireLease(lease: NewLease): Promise<AcquireResult>;
  /** The live lease on a device after ending any that ran out by `now`. */
  liveLease(deviceId: string, now: number): Promise<LeaseRecord | null>;
  getLease(id: string): Promise<LeaseRecord | null>;
  listLiveLeases(now: number): Promise<LeaseRecord[]>;
  /** Pushes expiresAt to now + ttl and touches lastActivityAt; null if the lease is not live. */
  renewLease(id: string, now: number): Promise<LeaseRecord | null>;
  /** Records activity (for the idle timeout); may skip a touch that follows another closely. */
  touchLease(id: string, now: number): Promise<void>;
  endLease(id: string, reason: LeaseEnd, now: number): Promise<LeaseRecord | null>;
  /** Ends every lease that ran out by `now`; returns them. */
  expireLeases(now: number): Promise<LeaseRecord[]>;

  addQueueEntry(entry: QueueEntryRecord): Promise<void>;
  setQueueState(id: string, state: QueueState, leaseId: string | null): Promise<void>;
  /** At startup: nobody waits across a restart. */
  cancelWaitingQueue(): Promise<number>;

  getSession(id: string): Promise<SessionRecord | null>;
  sessionOfLease(leaseId: string): Promise<SessionRecord | null>;
  listSessions(page: Page): Promise<SessionRecord[]>;

  /** Records the action before it is sent; `finishAction` completes it before the answer goes out. */
  beginAction(action: NewAction): Promise<ActionRecord>;
  finishAction(id: string, outcome: ActionOutcome): Promise<void>;
  listActions(sessionId: string, page: Page): Promise<ActionRecord[]>;
  /** The JPEG thumbnail of one action of a session, or null when there is none. */
  actionThumbnail(sessionId: string, actionId: string): Promise<Buffer | null>;

  /** Rejects when the database does not answer (readiness). */
  ping(): Promise<void>;

  close(): Promise<void>;
}
