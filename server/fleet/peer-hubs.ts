import { z } from 'zod';
import { fail } from '../../core/contract/index.js';
import { DeviceDescriptorSchema } from '../../core/wire/device.js';
import { ActorSchema, CommandResultSchema, FrameMessageSchema, type CommandResult } from '../../core/wire/worker-protocol.js';
import { MAX_DEADLINE_MS } from '../actions/deadline.js';
import { currentRequestId, withRequestId } from '../ops/request-context.js';
import type { HubBus } from './hub-bus.js';
import type { DispatchRequest, PeerLink, WorkerHub } from './worker-hub.js';

/** How often each hub tells the others which devices its workers hold (also its liveness). */
const PRESENCE_INTERVAL_MS = 1000;

/** Time a forwarded command may take beyond its own deadline (two Redis hops). */
const FORWARD_MARGIN_MS = 2000;

const PresenceSchema = z.object({
  devices: z.array(z.object({ descriptor: DeviceDescriptorSchema, workerId: z.string().max(200).nullable() })).max(5000),
});

const ForwardSchema = z.object({
  deviceId: z.string().min(1).max(300),
  command: z.string().min(1).max(100),
  args: z.unknown(),
  leaseId: z.string().max(300),
  actor: ActorSchema,
  deadlineMs: z.number().int().positive().max(MAX_DEADLINE_MS),
  traceId: z.string().max(100).optional(),
});

const FramesRequestSchema = z.object({ deviceId: z.string().min(1).max(300) });

/**
 * Several hubs on one Redis (server/fleet/hub-bus.ts): each announces the devices its workers
 * hold, so every hub lists every device; a command for a device whose worker is on another
 * hub is forwarded there and answered from there; frames follow viewers to whichever hub
 * they are on. A hub that goes silent has its devices shown offline and its forwarded
 * commands failed as delivery_uncertain.
 */
export class PeerHubs implements PeerLink {
  private readonly timer: NodeJS.Timeout;
  private readonly unlisten: () => void;
  private announceSoon: NodeJS.Timeout | null = null;
  /** Frames of local devices that other hubs asked for: device id -> hub ids -> stop. */
  private readonly relays = new Map<string, Map<string, () => void>>();

  constructor(
    private readonly bus: HubBus,
    private readonly workers: WorkerHub,
  ) {
    workers.setPeers(this);
    bus.on('presence', (raw, from) => {
      const parsed = PresenceSchema.safeParse(raw);
      if (!parsed.success) return;
      const workerIds = new Map(parsed.data.devices.flatMap((d) => (d.workerId ? [[d.descriptor.id, d.workerId] as const] : [])));
      workers.setRemoteDevices(from, parsed.data.devices.map((d) => d.descriptor), workerIds, Date.now());
    });
    bus.on('leaving', (_raw, from) => this.forget(from, 'the hub shut down'));
    bus.onRequest('dispatch', async (raw) => {
      const req = ForwardSchema.parse(raw);
      const run = () => workers.dispatchLocal(req as DispatchRequest);
      return req.traceId ? withRequestId(req.traceId, run) : run();
    });
    bus.on('frames:subscribe', (raw, from) => {
      const parsed = FramesRequestSchema.safeParse(raw);
      if (parsed.success) this.relayTo(from, parsed.data.deviceId);
    });
    bus.on('frames:unsubscribe', (raw, from) => {
      const parsed = FramesRequestSchema.safeParse(raw);
      if (parsed.success) this.stopRelay(from, parsed.data.deviceId);
    });
    bus.on('frame', (raw) => {
      const parsed = FrameMessageSchema.safeParse(raw);
      if (parsed.success) workers.relayFrame(parsed.data);
    });
    this.unlisten = workers.onChange(() => {
      this.announceSoon ??= setTimeout(() => {
        this.announceSoon = null;
        this.announce();
      }, 20);
    });
    this.timer = setInterval(() => {
      this.announce();
      for (const hubId of workers.silentHubs(Date.now())) this.forget(hubId, `hub ${hubId} went silent`);
    }, PRESENCE_INTERVAL_MS);
    this.timer.unref();
    this.announce();
  }

  private announce(): void {
    this.bus.broadcast('presence', { devices: this.workers.localDevices().map((v) => ({ descriptor: v.descriptor, workerId: v.workerId })) });
  }

  private forget(hubId: string, why: string): void {
    this.bus.abandon(hubId, why);
    for (const [deviceId, hubs] of this.relays) if (hubs.has(hubId)) this.stopRelay(hubId, deviceId);
    this.workers.dropRemoteHub(hubId);
  }

  async forward(hubId: string, req: DispatchRequest): Promise<CommandResult> {
    const traceId = currentRequestId();
    try {
      const raw = await this.bus.request(hubId, 'dispatch', { ...req, ...(traceId ? { traceId } : {}) }, req.deadlineMs + FORWARD_MARGIN_MS);
      const parsed = CommandResultSchema.safeParse(raw);
      if (parsed.success) return parsed.data as CommandResult;
      return { envelope: fail(req.command, 'INTERNAL', 'the device hub answered with a malformed result', { delivery: 'delivery_uncertain' }) };
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return {
        envelope: fail(req.command, 'DEVICE_UNAVAILABLE', `the hub holding the device's worker was lost (${why}): the command may or may not have run`, {
          delivery: 'delivery_uncertain',
          retryAfterMs: 1000,
        }),
      };
    }
  }

  subscribeFrames(hubId: string, deviceId: string): void {
    this.bus.send(hubId, 'frames:subscribe', { deviceId });
  }

  unsubscribeFrames(hubId: string, deviceId: string): void {
    this.bus.send(hubId, 'frames:unsubscribe', { deviceId });
  }

  private relayTo(hubId: string, deviceId: string): void {
    const hubs = this.relays.get(deviceId) ?? new Map<string, () => void>();
    if (hubs.has(hubId)) return;
    this.relays.set(deviceId, hubs);
    hubs.set(hubId, this.workers.subscribeFrames(deviceId, (frame) => this.bus.send(hubId, 'frame', frame)));
  }

  private stopRelay(hubId: string, deviceId: string): void {
    const hubs = this.relays.get(deviceId);
    hubs?.get(hubId)?.();
    hubs?.delete(hubId);
    if (hubs?.size === 0) this.relays.delete(deviceId);
  }

  /** Tells the others this hub is leaving (its devices go offline there at once). */
  close(): void {
    clearInterval(this.timer);
    if (this.announceSoon) clearTimeout(this.announceSoon);
    this.unlisten();
    for (const [deviceId, hubs] of [...this.relays]) for (const hubId of [...hubs.keys()]) this.stopRelay(hubId, deviceId);
    this.bus.broadcast('leaving', {});
  }
}
