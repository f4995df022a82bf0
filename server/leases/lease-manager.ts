import { randomUUID } from 'node:crypto';
import { SimlabError } from '../../core/contract/index.js';
import { mayHoldLease, roleAtLeast } from '../auth/roles.js';
import type { Actor } from '../auth/actor.js';
import type { LeaseRecord, Store } from '../store/store.js';

export interface LeasePolicy {
  /** How long a lease lasts unless renewed. */
  ttlMs: number;
  /** A lease with no action or renew for this long ends. */
  idleMs: number;
  /** How often run-out leases are ended and queues moved on. */
  sweepMs: number;
}

export const DEFAULT_LEASE_POLICY: LeasePolicy = { ttlMs: 30 * 60_000, idleMs: 5 * 60_000, sweepMs: 1000 };

export interface AcquireOptions {
  /** Wait in the device's queue when another holds it. */
  wait?: boolean;
  timeoutMs?: number;
  ttlMs?: number;
  idleMs?: number;
  /** The caller gave up (e.g. its HTTP request closed): leave the queue. */
  signal?: AbortSignal;
}

interface Waiter {
  entryId: string;
  actor: Actor;
  options: AcquireOptions;
  resolve: (lease: LeaseRecord) => void;
  reject: (err: unknown) => void;
  timer: NodeJS.Timeout;
}

function busyError(holder: LeaseRecord): SimlabError {
  return new SimlabError('DEVICE_BUSY', `device ${holder.deviceId} is leased by ${holder.actor}`, {
    hint: 'acquire with wait to queue for it, or try again later',
    details: { holder: holder.actor, until: new Date(Math.min(holder.expiresAt, holder.lastActivityAt + holder.idleMs)).toISOString(), leaseId: holder.id },
    retryAfterMs: 1000,
  });
}

/**
 * Leases (DESIGN.md section 8): at most one live lease per device, with a TTL and an idle
 * timeout, a FIFO queue of waiters per device, release and admin revoke. The store is the
 * truth (leases survive a restart); waiters live in memory only.
 */
export class LeaseManager {
  private readonly queues = new Map<string, Waiter[]>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly listeners = new Set<(deviceId: string) => void>();
  private readonly endedListeners = new Set<(lease: LeaseRecord) => void>();

  constructor(
    private readonly store: Store,
    private readonly deviceExists: (deviceId: string) => boolean,
    private readonly policy: LeasePolicy = DEFAULT_LEASE_POLICY,
  ) {
    // A store that does not answer (a Postgres restart) fails this round only; the next one retries.
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), policy.sweepMs);
    this.sweeper.unref();
  }

  /** Called with a device id whenever its lease changes hands. */
  onChange(listener: (deviceId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called with every lease that ends (released, revoked, run out), before the device goes to
   * the next in its queue, so its work on the device can be cancelled first.
   */
  onEnded(listener: (lease: LeaseRecord) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  async acquire(actor: Actor, deviceId: string, options: AcquireOptions = {}): Promise<LeaseRecord> {
    if (!mayHoldLease(actor.role)) {
      throw new SimlabError('FORBIDDEN', `a ${actor.role} token may watch but never hold a lease`);
    }
    if (!this.deviceExists(deviceId)) throw new SimlabError('NOT_FOUND', `no device ${deviceId}`, { hint: 'GET /api/v1/devices lists them' });
    const now = Date.now();
    const held = await this.store.liveLease(deviceId, now);
    if (held && held.tokenId === actor.tokenId) return (await this.store.renewLease(held.id, now)) ?? held;
    const queue = this.queues.get(deviceId) ?? [];
    if (!held && queue.length === 0) {
      const got = await this.tryAcquire(actor, deviceId, options, now);
      if (got.ok) return got.lease;
      if (!options.wait) throw busyError(got.holder);
    } else if (held && !options.wait) {
      throw busyError(held);
    } else if (!options.wait) {
      throw new SimlabError('DEVICE_BUSY', `device ${deviceId} has ${queue.length} waiting in its queue`, {
        details: { queued: queue.length },
        retryAfterMs: 1000,
      });
    }
    return this.enqueue(actor, deviceId, options);
  }

  private async tryAcquire(actor: Actor, deviceId: string, options: AcquireOptions, now: number) {
    const result = await this.store.acquireLease({
      id: `lse_${randomUUID()}`,
      sessionId: `ses_${randomUUID()}`,
      deviceId,
      tokenId: actor.tokenId,
      actor: actor.name,
      ttlMs: options.ttlMs ?? this.policy.ttlMs,
      idleMs: options.idleMs ?? this.policy.idleMs,
      now,
    });
    if (result.ok) this.emit(deviceId);
    return result;
  }

  private async enqueue(actor: Actor, deviceId: string, options: AcquireOptions): Promise<LeaseRecord> {
    const timeoutMs = options.timeoutMs ?? 60_000;
    const now = Date.now();
    const entryId = `que_${randomUUID()}`;
    await this.store.addQueueEntry({ id: entryId, deviceId, tokenId: actor.tokenId, actor: actor.name, enqueuedAt: now, deadlineAt: now + timeoutMs, state: 'waiting', leaseId: null });
    return new Promise<LeaseRecord>((resolve, reject) => {
      const waiter: Waiter = {
        entryId,
        actor,
        options,
        resolve,
        reject,
        timer: setTimeout(() => void this.timeOut(deviceId, waiter), timeoutMs),
      };
      const queue = this.queues.get(deviceId) ?? [];
      queue.push(waiter);
      this.queues.set(deviceId, queue);
      options.signal?.addEventListener('abort', () => void this.cancel(deviceId, waiter), { once: true });
      void this.pump(deviceId);
    });
  }

  private async timeOut(deviceId: string, waiter: Waiter): Promise<void> {
    if (!this.removeWaiter(deviceId, waiter)) return;
    await this.store.setQueueState(waiter.entryId, 'timed_out', null);
    const holder = await this.store.liveLease(deviceId, Date.now());
    waiter.reject(
      holder
        ? busyError(holder)
        : new SimlabError('DEVICE_BUSY', `waited for device ${deviceId} without getting it`, { retryAfterMs: 1000 }),
    );
  }

  private async cancel(deviceId: string, waiter: Waiter): Promise<void> {
    if (!this.removeWaiter(deviceId, waiter)) return;
    await this.store.setQueueState(waiter.entryId, 'cancelled', null);
    waiter.reject(new SimlabError('DEVICE_BUSY', 'the caller stopped waiting'));
    await this.pump(deviceId);
  }

  private removeWaiter(deviceId: string, waiter: Waiter): boolean {
    const queue = this.queues.get(deviceId);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.queues.delete(deviceId);
    clearTimeout(waiter.timer);
    return true;
  }

  /** Gives the device to the first waiter if nobody holds it. */
  private async pump(deviceId: string): Promise<void> {
    const first = this.queues.get(deviceId)?.[0];
    if (!first) return;
    const got = await this.tryAcquire(first.actor, deviceId, first.options, Date.now());
    if (!got.ok) return;
    if (!this.removeWaiter(deviceId, first)) {
      await this.store.endLease(got.lease.id, 'released', Date.now());
      return;
    }
    await this.store.setQueueState(first.entryId, 'granted', got.lease.id);
    first.resolve(got.lease);
  }

  /**
   * The caller's live lease on the device, touched (it counts as activity); LEASE_REQUIRED when
   * nobody holds the device, DEVICE_BUSY when another does.
   */
  async require(actor: Actor, deviceId: string): Promise<LeaseRecord> {
    const now = Date.now();
    const lease = await this.store.liveLease(deviceId, now);
    if (!lease) {
      void this.pump(deviceId);
      throw new SimlabError('LEASE_REQUIRED', `acting on ${deviceId} needs its lease`, {
        hint: `POST /api/v1/leases {"deviceId":"${deviceId}"}`,
      });
    }
    if (lease.tokenId !== actor.tokenId) throw busyError(lease);
    await this.store.touchLease(lease.id, now);
    return lease;
  }

  /** The caller's live lease on the device, or null (observing needs none). */
  async heldBy(actor: Actor, deviceId: string): Promise<LeaseRecord | null> {
    const lease = await this.store.liveLease(deviceId, Date.now());
    return lease && lease.tokenId === actor.tokenId ? lease : null;
  }

  private async owned(actor: Actor, leaseId: string, allowAdmin: boolean): Promise<LeaseRecord> {
    const lease = await this.store.getLease(leaseId);
    if (!lease) throw new SimlabError('NOT_FOUND', `no lease ${leaseId}`);
    if (lease.tokenId !== actor.tokenId && !(allowAdmin && roleAtLeast(actor.role, 'admin'))) {
      throw new SimlabError('FORBIDDEN', `lease ${leaseId} belongs to ${lease.actor}`);
    }
    if (lease.endedAt !== null) {
      throw new SimlabError('LEASE_REQUIRED', `lease ${leaseId} ended (${lease.endReason})`, { details: { endReason: lease.endReason } });
    }
    return lease;
  }

  /** The live lease if the caller holds it (or is an admin), else NOT_FOUND / FORBIDDEN / LEASE_REQUIRED. */
  ownLive(actor: Actor, leaseId: string): Promise<LeaseRecord> {
    return this.owned(actor, leaseId, true);
  }

  async renew(actor: Actor, leaseId: string): Promise<LeaseRecord> {
    await this.owned(actor, leaseId, false);
    const renewed = await this.store.renewLease(leaseId, Date.now());
    if (!renewed) {
      void this.afterEnd(leaseId);
      throw new SimlabError('LEASE_REQUIRED', `lease ${leaseId} ran out before the renew`);
    }
    return renewed;
  }

  /** Ends a lease: its holder (or an admin) releases, an admin revokes. */
  async end(actor: Actor, leaseId: string, reason: 'released' | 'revoked'): Promise<LeaseRecord> {
    const lease = await this.owned(actor, leaseId, true);
    const ended = await this.store.endLease(lease.id, reason, Date.now());
    if (!ended) throw new SimlabError('LEASE_REQUIRED', `lease ${leaseId} already ended`);
    this.emitEnded(ended);
    this.emit(lease.deviceId);
    await this.pump(lease.deviceId);
    return ended;
  }

  /** Ends every live lease a revoked token holds, at once rather than at its idle timeout. */
  async endHeldBy(tokenId: string): Promise<LeaseRecord[]> {
    const ended: LeaseRecord[] = [];
    for (const lease of await this.store.listLiveLeases(Date.now())) {
      if (lease.tokenId !== tokenId) continue;
      const done = await this.store.endLease(lease.id, 'revoked', Date.now());
      if (!done) continue;
      ended.push(done);
      this.emitEnded(done);
      this.emit(lease.deviceId);
      await this.pump(lease.deviceId);
    }
    return ended;
  }

  private async afterEnd(leaseId: string): Promise<void> {
    const lease = await this.store.getLease(leaseId);
    if (!lease) return;
    if (lease.endedAt !== null) this.emitEnded(lease);
    this.emit(lease.deviceId);
    await this.pump(lease.deviceId);
  }

  /** Ends the leases that ran out and moves their queues on. */
  async sweep(): Promise<LeaseRecord[]> {
    const ended = await this.store.expireLeases(Date.now());
    for (const lease of ended) {
      this.emitEnded(lease);
      this.emit(lease.deviceId);
    }
    for (const deviceId of new Set([...ended.map((l) => l.deviceId), ...this.queues.keys()])) await this.pump(deviceId);
    return ended;
  }

  private emit(deviceId: string): void {
    for (const listener of this.listeners) listener(deviceId);
  }

  private emitEnded(lease: LeaseRecord): void {
    for (const listener of this.endedListeners) listener(lease);
  }

  /** Stops the sweeper and turns away everyone still waiting. */
  close(): void {
    clearInterval(this.sweeper);
    for (const [deviceId, queue] of this.queues) {
      for (const waiter of [...queue]) {
        this.removeWaiter(deviceId, waiter);
        waiter.reject(new SimlabError('DEVICE_UNAVAILABLE', 'the hub is shutting down', { retryAfterMs: 1000 }));
      }
    }
  }
}
