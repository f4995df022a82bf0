import { randomUUID } from 'node:crypto';
import type { RecordingStateJson } from '../../core/wire/replay-views.js';
import type { BlobStore } from '../blobs/blob-store.js';
import type { LeaseManager } from '../leases/lease-manager.js';
import type { RecordingMessage, WorkerHub } from '../fleet/worker-hub.js';
import type { LeaseRecord, Store } from '../store/store.js';
import { recordedByDefault, type RecordingPolicy } from './recording-policy.js';
import { RecordingWriter } from './recording-writer.js';

/** How long a stopped recording may take to send its last pieces. */
const STOP_GRACE_MS = 5000;

interface LiveRecording {
  id: string;
  leaseId: string;
  deviceId: string;
  writer: RecordingWriter;
  /** Set once a stop was asked for; resolves when the worker said `recording:end` (or the grace ran out). */
  stopping?: Promise<void>;
  ended?: () => void;
}

/** Whether a lease is meant to be recorded, the recording in progress, and why the last start failed. */
export type RecordingState = RecordingStateJson;

/**
 * Keeps each device's recording in line with its lease: a live lease that should be recorded
 * (the lab policy by the holder's role, or the holder's own toggle) gets a recording on its
 * device's worker; the recording ends with the lease, on a stop, or when the worker is lost
 * (and a new one starts when the worker is back). Every change is reconciled per device, in order.
 */
export class RecordingManager {
  private readonly live = new Map<string, LiveRecording>();
  private readonly toggles = new Map<string, boolean>();
  private readonly errors = new Map<string, string>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly unsubscribers: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly workers: WorkerHub,
    leases: LeaseManager,
    private readonly blobs: BlobStore,
    private readonly policy: RecordingPolicy,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.unsubscribers.push(
      leases.onChange((deviceId) => this.reconcile(deviceId)),
      workers.onChange((deviceId) => this.reconcile(deviceId)),
      workers.onRecording((message) => this.onMessage(message)),
    );
  }

  /** Turns recording on or off for a live lease; resolves once the device follows. */
  async setWanted(lease: LeaseRecord, wanted: boolean): Promise<RecordingState> {
    this.toggles.set(lease.id, wanted);
    this.errors.delete(lease.id);
    await this.reconcile(lease.deviceId);
    return this.state(lease);
  }

  async state(lease: LeaseRecord): Promise<RecordingState> {
    const current = this.live.get(lease.deviceId);
    return {
      leaseId: lease.id,
      wanted: await this.wants(lease),
      recordingId: current && current.leaseId === lease.id && !current.stopping ? current.id : null,
      error: this.errors.get(lease.id) ?? null,
    };
  }

  /** Sessions a recording is writing to now: retention must spare them. */
  liveSessionIds(): Set<string> {
    return new Set([...this.live.values()].map((r) => r.writer.manifest.sessionId));
  }

  reconcile(deviceId: string): Promise<void> {
    const next = (this.chains.get(deviceId) ?? Promise.resolve()).then(() => this.align(deviceId)).catch((err: unknown) => this.log(`recording of ${deviceId}: ${String(err)}`));
    this.chains.set(deviceId, next);
    return next;
  }

  /** Ends every recording, writing what reached the hub. */
  async close(): Promise<void> {
    this.closed = true;
    for (const off of this.unsubscribers) off();
    // Recordings being stopped wait no longer for their last pieces (STOP_GRACE_MS): the hub is going.
    for (const recording of this.live.values()) recording.ended?.();
    await Promise.all([...this.live.values()].map((r) => r.writer.finish('hub_stopped')));
    this.live.clear();
  }

  private async wants(lease: LeaseRecord): Promise<boolean> {
    const toggle = this.toggles.get(lease.id);
    if (toggle !== undefined) return toggle;
    return recordedByDefault(this.policy, (await this.store.getToken(lease.tokenId))?.role);
  }

  private async align(deviceId: string): Promise<void> {
    if (this.closed) return;
    const lease = await this.store.liveLease(deviceId, Date.now());
    const online = this.workers.device(deviceId)?.online ?? false;
    const current = this.live.get(deviceId);
    if (current && !online) {
      // The worker is gone: keep what reached the hub; a new recording starts when it is back.
      this.live.delete(deviceId);
      await current.writer.finish('worker_lost');
      current.ended?.();
    } else if (current && (!lease || lease.id !== current.leaseId || !(await this.wants(lease)))) {
      const sameLease = lease?.id === current.leaseId;
      await this.stop(current, sameLease ? 'stopped' : 'lease_ended');
      if (!sameLease) {
        this.toggles.delete(current.leaseId);
        this.errors.delete(current.leaseId);
      }
    }
    if (this.closed || !lease || !online || this.live.has(deviceId) || !(await this.wants(lease))) return;
    if (this.errors.has(lease.id)) return;
    await this.start(lease);
  }

  private async start(lease: LeaseRecord): Promise<void> {
    const session = await this.store.sessionOfLease(lease.id);
    if (!session) return;
    const id = `rec_${randomUUID()}`;
    const writer = new RecordingWriter(this.blobs, { id, sessionId: session.id, deviceId: lease.deviceId, createdAt: Date.now() }, (err) =>
      this.log(`recording ${id}: a write failed: ${String(err)}`),
    );
    const recording: LiveRecording = { id, leaseId: lease.id, deviceId: lease.deviceId, writer };
    this.live.set(lease.deviceId, recording);
    const ack = await this.workers.startRecording(lease.deviceId, id);
    // A hub closing meanwhile has finished the writer already (close()).
    if (this.closed) return;
    if (!ack.ok) {
      this.errors.set(lease.id, ack.error);
      if (this.live.get(lease.deviceId) === recording) this.live.delete(lease.deviceId);
      await writer.finish(`not started: ${ack.error}`);
      this.log(`recording of ${lease.deviceId} did not start: ${ack.error}`);
    }
  }

  private async stop(recording: LiveRecording, reason: string): Promise<void> {
    recording.stopping ??= new Promise<void>((resolve) => {
      const grace = setTimeout(resolve, STOP_GRACE_MS);
      recording.ended = () => {
        clearTimeout(grace);
        resolve();
      };
      this.workers.stopRecording(recording.deviceId, recording.id);
    });
    await recording.stopping;
    if (this.live.get(recording.deviceId) === recording) this.live.delete(recording.deviceId);
    await recording.writer.finish(reason);
  }

  private onMessage(message: RecordingMessage): void {
    const deviceId = message.kind === 'piece' ? message.piece.deviceId : message.end.deviceId;
    const recordingId = message.kind === 'piece' ? message.piece.recordingId : message.end.recordingId;
    const recording = this.live.get(deviceId);
    if (!recording || recording.id !== recordingId) return;
    if (message.kind === 'piece') {
      if (recording.writer.add(message.piece)) return;
      this.log(`recording ${recordingId}: a piece arrived out of order; the recording ends there`);
    } else if (recording.stopping) {
      recording.ended?.();
      return;
    }
    // The worker ended it by itself (ffmpeg died) or broke the order: close it as it stands.
    this.live.delete(deviceId);
    const reason = message.kind === 'end' ? (message.end.error ?? 'ended by the worker') : 'pieces out of order';
    if (message.kind === 'end' && message.end.error) {
      const lease = recording.leaseId;
      this.errors.set(lease, message.end.error);
    }
    void recording.writer.finish(reason);
  }
}
