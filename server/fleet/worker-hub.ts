import { randomUUID } from 'node:crypto';
import type { Namespace, Server, Socket } from 'socket.io';
import { SimlabError, fail, type Delivery, type Envelope } from '../../core/contract/index.js';
import type { DeviceDescriptor } from '../../core/wire/device.js';
import { issuesText } from '../../core/wire/invalid-args.js';
import {
  CommandReceivedSchema,
  CommandResultSchema,
  DevicesUpdateSchema,
  FrameMessageSchema,
  HeartbeatSchema,
  RegisterSchema,
  WORKER_NAMESPACE,
  WORKER_OFFLINE_AFTER_MS,
  WorkerAuthSchema,
  workerDeadlineMs,
  type Actor,
  type Register,
  type CommandResult,
  type FrameMessage,
  type FramesRequest,
  type StreamOptions,
  type HubToWorkerEvents,
  type LeaseEnded,
  type RegisterAck,
  type WorkerToHubEvents,
} from '../../core/wire/worker-protocol.js';
import {
  RecordingEndSchema,
  RecordingPieceSchema,
  RecordingStartAckSchema,
  type RecordingEnd,
  type RecordingPiece,
  type RecordingStartAck,
} from '../../core/wire/recording-protocol.js';
import type { TokenVerifier } from '../auth/tokens.js';
import { currentRequestId } from '../ops/request-context.js';
import type { Store } from '../store/store.js';

type WorkerSocket = Socket<WorkerToHubEvents, HubToWorkerEvents>;

/** A device as the hub sees it: what its worker announced, and whether that worker is there now. */
export interface DeviceView {
  id: string;
  descriptor: DeviceDescriptor;
  online: boolean;
  workerId: string | null;
  lastSeenAt: number;
  /** Set when the device's worker is connected to another hub (several hubs on one Redis). */
  hubId?: string;
}

/** The other hubs (server/fleet/peer-hubs.ts): commands and frames for devices whose worker is on one of them. */
export interface PeerLink {
  forward(hubId: string, req: DispatchRequest): Promise<CommandResult>;
  subscribeFrames(hubId: string, deviceId: string): void;
  unsubscribeFrames(hubId: string, deviceId: string): void;
}

/** A hub that sent no presence for this long is taken for gone, and its devices for offline. */
export const PEER_SILENT_AFTER_MS = 4000;

interface InFlight {
  requestId: string;
  command: string;
  received: boolean;
  settle: (result: CommandResult) => void;
}

interface WorkerConn {
  workerId: string;
  /** The worker token it signed in with: the devices it announces must belong to it. */
  tokenId: string;
  host: string;
  socket: WorkerSocket;
  lastBeat: number;
  deviceIds: Set<string>;
  inFlight: Map<string, InFlight>;
  /** Recording starts the worker has not answered yet: they end when it goes away. */
  recordingStarts: Set<(ack: RecordingStartAck) => void>;
}

export interface DispatchRequest {
  deviceId: string;
  command: string;
  args: unknown;
  leaseId: string;
  actor: Actor;
  /** The caller's whole budget; the answer comes within it. */
  deadlineMs: number;
}

/** Told about every routed command and every frame (the hub's metrics). */
export interface WorkerHubObserver {
  commandDone(command: string, envelope: Envelope, seconds: number): void;
  frame(deviceId: string): void;
}

/** A recording's next piece, or its end, as its worker sent them. */
export type RecordingMessage = { kind: 'piece'; piece: RecordingPiece } | { kind: 'end'; end: RecordingEnd };

/** How long a worker has to answer `recording:start`. */
const RECORDING_START_TIMEOUT_MS = 5000;

export interface WorkerHubOptions {
  hubVersion: string;
  offlineAfterMs?: number;
  observer?: WorkerHubObserver;
  /** Where refused device claims are reported (default stderr). */
  log?: (message: string) => void;
}

function lost(command: string, received: boolean, why: string): CommandResult {
  const delivery: Delivery = received ? 'delivery_uncertain' : 'not_delivered';
  const message = received ? `${why} after it received the command: it may or may not have run` : `${why} before the command reached it`;
  return { envelope: fail(command, 'DEVICE_UNAVAILABLE', message, { delivery, retryAfterMs: 1000 }) };
}

/**
 * The /workers namespace: registers workers and their devices, watches their heartbeats, and
 * routes commands to the owning worker with an ack and a deadline (core/wire/worker-protocol.ts).
 */
export class WorkerHub {
  private readonly devicesById = new Map<string, DeviceView>();
  private readonly workers = new Map<string, WorkerConn>();
  /** Per device: its viewers, each with the size and quality it asked for (the worker streams the most demanding). */
  private readonly frameListeners = new Map<string, Map<(frame: FrameMessage) => void, StreamOptions>>();
  private readonly latestFrames = new Map<string, FrameMessage>();
  private readonly watchdog: NodeJS.Timeout;
  private readonly offlineAfterMs: number;
  private readonly listeners = new Set<(deviceId: string) => void>();
  private readonly recordingListeners = new Set<(message: RecordingMessage) => void>();
  private readonly remote = new Map<string, { seenAt: number; views: Map<string, DeviceView> }>();
  private peers: PeerLink | null = null;
  private readonly remoteFrameHubs = new Map<string, string>();

  constructor(
    private readonly store: Store,
    private readonly verifier: TokenVerifier,
    private readonly options: WorkerHubOptions,
  ) {
    this.offlineAfterMs = options.offlineAfterMs ?? WORKER_OFFLINE_AFTER_MS;
    this.watchdog = setInterval(() => this.checkHeartbeats(), Math.min(1000, this.offlineAfterMs / 2));
    this.watchdog.unref();
  }

  /** Loads the devices the store remembers (offline until their worker registers). */
  async load(): Promise<void> {
    for (const d of await this.store.listDevices()) {
      this.devicesById.set(d.id, { id: d.id, descriptor: d.descriptor as DeviceDescriptor, online: false, workerId: null, lastSeenAt: d.lastSeenAt });
    }
  }

  attach(io: Server): void {
    const nsp = io.of(WORKER_NAMESPACE) as unknown as Namespace<WorkerToHubEvents, HubToWorkerEvents>;
    nsp.use((socket, next) => {
      const auth = WorkerAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(new Error('UNAUTHORIZED'));
      this.verifier.checkFrom(socket.handshake.address, auth.data.token).then(
        (check) => {
          if (!check.ok || check.record.role !== 'worker') return next(new Error('UNAUTHORIZED'));
          (socket.data as { tokenId?: string }).tokenId = check.record.id;
          next();
        },
        (err: unknown) => next(new Error(err instanceof SimlabError && err.code === 'RATE_LIMITED' ? 'RATE_LIMITED' : 'UNAUTHORIZED')),
      );
    });
    nsp.on('connection', (socket) => this.onConnection(socket));
  }

  /** Called with a device id whenever its presence or description changes. */
  onChange(listener: (deviceId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every device: online here, online on another hub, or remembered offline. */
  devices(): DeviceView[] {
    const ids = new Set(this.devicesById.keys());
    for (const hub of this.remote.values()) for (const id of hub.views.keys()) ids.add(id);
    return [...ids].map((id) => this.device(id) as DeviceView).sort((a, b) => a.id.localeCompare(b.id));
  }

  device(id: string): DeviceView | undefined {
    const here = this.devicesById.get(id);
    if (here?.online) return here;
    for (const hub of this.remote.values()) {
      const there = hub.views.get(id);
      if (there) return there;
    }
    return here;
  }

  /** The devices whose worker is connected to this hub (what this hub announces to the others). */
  localDevices(): DeviceView[] {
    return [...this.devicesById.values()].filter((v) => v.online);
  }

  setPeers(peers: PeerLink): void {
    this.peers = peers;
  }

  /** Another hub's presence: the devices online there now. */
  setRemoteDevices(hubId: string, descriptors: DeviceDescriptor[], workerIds: Map<string, string>, now: number): void {
    const before = this.remote.get(hubId)?.views ?? new Map<string, DeviceView>();
    const views = new Map<string, DeviceView>();
    for (const d of descriptors) {
      views.set(d.id, { id: d.id, descriptor: d, online: true, workerId: workerIds.get(d.id) ?? null, lastSeenAt: now, hubId });
    }
    this.remote.set(hubId, { seenAt: now, views });
    for (const id of new Set([...before.keys(), ...views.keys()])) {
      const was = before.get(id);
      const is = views.get(id);
      if (!was || !is || JSON.stringify(was.descriptor) !== JSON.stringify(is.descriptor)) this.deviceChanged(id);
    }
  }

  /** Forgets a hub that left or went silent: its devices are offline until they show up again. */
  dropRemoteHub(hubId: string): void {
    const gone = this.remote.get(hubId);
    if (!gone) return;
    this.remote.delete(hubId);
    for (const [id, view] of gone.views) {
      // Remembered offline, as the store remembers it, until a worker brings it back.
      if (!this.devicesById.has(id)) this.devicesById.set(id, { id, descriptor: view.descriptor, online: false, workerId: null, lastSeenAt: view.lastSeenAt });
      this.deviceChanged(id);
    }
  }

  /** Hubs whose last presence is older than PEER_SILENT_AFTER_MS. */
  silentHubs(now: number): string[] {
    return [...this.remote].filter(([, h]) => now - h.seenAt > PEER_SILENT_AFTER_MS).map(([id]) => id);
  }

  /** A device changed somewhere: frames follow it to its new owner, listeners hear of it. */
  private deviceChanged(deviceId: string): void {
    if (this.frameListeners.get(deviceId)?.size) this.followFrames(deviceId);
    this.emit(deviceId);
  }

  workerCount(): number {
    return this.workers.size;
  }

  private onConnection(socket: WorkerSocket): void {
    let conn: WorkerConn | null = null;
    const tokenId = (socket.data as { tokenId?: string }).tokenId ?? '';
    socket.on('register', (raw, ack) => {
      const reply = (r: RegisterAck) => typeof ack === 'function' && ack(r);
      const parsed = RegisterSchema.safeParse(raw);
      if (!parsed.success) return reply({ ok: false, error: issuesText(parsed.error.issues, '(register)') });
      void this.register(socket, tokenId, parsed.data, conn).then(
        (registered) => {
          conn = registered;
          reply({ ok: true, hubVersion: this.options.hubVersion });
        },
        (err: unknown) => reply({ ok: false, error: err instanceof Error ? err.message : String(err) }),
      );
    });
    socket.on('devices', (raw) => {
      const parsed = DevicesUpdateSchema.safeParse(raw);
      if (conn && parsed.success) void this.setDevices(conn, parsed.data.devices);
    });
    socket.on('heartbeat', (raw) => {
      if (conn && HeartbeatSchema.safeParse(raw).success) this.beat(conn);
    });
    socket.on('command:received', (raw) => {
      const parsed = CommandReceivedSchema.safeParse(raw);
      const flight = parsed.success ? conn?.inFlight.get(parsed.data.requestId) : undefined;
      if (flight) flight.received = true;
    });
    socket.on('frame', (raw) => {
      const parsed = FrameMessageSchema.safeParse(raw);
      if (conn && parsed.success && conn.deviceIds.has(parsed.data.deviceId)) this.onFrame(parsed.data);
    });
    socket.on('recording:piece', (raw) => {
      const parsed = RecordingPieceSchema.safeParse(raw);
      if (conn && parsed.success && conn.deviceIds.has(parsed.data.deviceId)) this.emitRecording({ kind: 'piece', piece: parsed.data });
    });
    socket.on('recording:end', (raw) => {
      const parsed = RecordingEndSchema.safeParse(raw);
      if (conn && parsed.success && conn.deviceIds.has(parsed.data.deviceId)) this.emitRecording({ kind: 'end', end: parsed.data });
    });
    socket.on('disconnect', () => {
      if (conn) this.drop(conn, 'the worker disconnected');
    });
  }

  /**
   * Registers a worker connection once every device it announces is this token's to serve:
   * a device id another live worker token owns is refused (and logged), so no token can take
   * over another's device (issue 18, item 4).
   */
  private async register(socket: WorkerSocket, tokenId: string, data: Register, current: WorkerConn | null): Promise<WorkerConn> {
    const previous = this.workers.get(data.workerId);
    if (previous && previous.socket !== socket && previous.tokenId !== tokenId) {
      this.log(`refused worker ${data.workerId} (token ${tokenId}): that worker id is connected with another worker token`);
      throw new Error(`worker id ${data.workerId} is connected with another worker token`);
    }
    const refused = await this.refusedClaims(tokenId, data.workerId, data.devices);
    if (refused.length > 0) {
      throw new Error(`device ids ${refused.join(', ')} belong to another worker token; an admin can move them (POST /api/v1/devices/:id/owner)`);
    }
    if (current) this.drop(current, 'the worker registered again');
    if (previous && previous !== current) {
      this.drop(previous, 'the worker connected again');
      previous.socket.conn.close();
    }
    const conn: WorkerConn = { workerId: data.workerId, tokenId, host: data.host, socket, lastBeat: Date.now(), deviceIds: new Set(), inFlight: new Map(), recordingStarts: new Set() };
    this.workers.set(conn.workerId, conn);
    await this.setDevices(conn, data.devices);
    return conn;
  }

  /** Claims each device for the token; returns the ids it may not serve. */
  private async refusedClaims(tokenId: string, workerId: string, devices: DeviceDescriptor[]): Promise<string[]> {
    const refused: string[] = [];
    const now = Date.now();
    for (const d of devices) {
      const owner = await this.store.claimDevice({ id: d.id, workerId: '', platform: d.platform, descriptor: d, lastSeenAt: now }, tokenId, now);
      if (owner !== tokenId) refused.push(d.id);
    }
    if (refused.length > 0) this.log(`refused device ids ${refused.join(', ')} announced by worker ${workerId} (token ${tokenId}): another worker token owns them`);
    return refused;
  }

  private beat(conn: WorkerConn): void {
    conn.lastBeat = Date.now();
    for (const id of conn.deviceIds) {
      const view = this.devicesById.get(id);
      if (view) view.lastSeenAt = conn.lastBeat;
    }
  }

  private async setDevices(conn: WorkerConn, announced: DeviceDescriptor[]): Promise<void> {
    const refused = new Set(await this.refusedClaims(conn.tokenId, conn.workerId, announced));
    const devices = announced.filter((d) => !refused.has(d.id));
    const now = Date.now();
    const next = new Set(devices.map((d) => d.id));
    for (const id of conn.deviceIds) {
      if (!next.has(id)) this.markOffline(id, now);
    }
    conn.deviceIds = next;
    for (const d of devices) {
      const other = [...this.workers.values()].find((w) => w !== conn && w.deviceIds.has(d.id));
      other?.deviceIds.delete(d.id);
      this.devicesById.set(d.id, { id: d.id, descriptor: d, online: true, workerId: conn.workerId, lastSeenAt: now });
      await this.store.upsertDevice({ id: d.id, workerId: conn.workerId, platform: d.platform, descriptor: d, lastSeenAt: now });
      if (this.frameListeners.get(d.id)?.size) conn.socket.emit('frames:subscribe', this.framesRequest(d.id));
      this.emit(d.id);
    }
  }

  private markOffline(deviceId: string, now: number): void {
    const view = this.devicesById.get(deviceId);
    if (!view || !view.online) return;
    view.online = false;
    view.workerId = null;
    view.lastSeenAt = now;
    this.latestFrames.delete(deviceId);
    void this.store.upsertDevice({ id: view.id, workerId: '', platform: view.descriptor.platform, descriptor: view.descriptor, lastSeenAt: now }).catch(() => undefined);
    this.emit(deviceId);
  }

  /** Cuts every worker connection of a revoked token at once; its devices go offline. */
  disconnectToken(tokenId: string): void {
    for (const conn of [...this.workers.values()]) {
      if (conn.tokenId !== tokenId) continue;
      this.drop(conn, 'its worker token was revoked');
      conn.socket.disconnect(true);
    }
  }

  /** Forgets an offline device (an admin removes a phantom); false if it is online or unknown. */
  async removeDevice(deviceId: string): Promise<boolean> {
    const view = this.devicesById.get(deviceId);
    if (view?.online) return false;
    this.devicesById.delete(deviceId);
    const deleted = await this.store.deleteDevice(deviceId);
    if (view || deleted) this.emit(deviceId);
    return view !== undefined || deleted;
  }

  private log(message: string): void {
    (this.options.log ?? ((m: string) => process.stderr.write(`[hub] ${m}\n`)))(message);
  }

  /** Forgets a worker connection: its devices go offline and its in-flight commands end. */
  private drop(conn: WorkerConn, why: string): void {
    if (this.workers.get(conn.workerId) === conn) this.workers.delete(conn.workerId);
    const now = Date.now();
    for (const id of conn.deviceIds) {
      const owner = this.devicesById.get(id)?.workerId;
      if (owner === conn.workerId && ![...this.workers.values()].some((w) => w.deviceIds.has(id))) this.markOffline(id, now);
    }
    conn.deviceIds = new Set();
    for (const flight of [...conn.inFlight.values()]) flight.settle(lost(flight.command, flight.received, why));
    for (const settle of [...conn.recordingStarts]) settle({ ok: false, error: `the worker left before it answered recording:start (${why})` });
  }

  private checkHeartbeats(): void {
    const now = Date.now();
    for (const conn of [...this.workers.values()]) {
      if (now - conn.lastBeat > this.offlineAfterMs) {
        this.drop(conn, `the worker sent no heartbeat for ${this.offlineAfterMs} ms`);
        // Closing the transport (not a server-side disconnect) lets the worker's client reconnect by itself.
        conn.socket.conn.close();
      }
    }
  }

  /**
   * Sends a command to the device's worker and resolves with its result, never rejecting:
   * an offline device, a lost worker or a missed deadline each come back as an error envelope
   * whose delivery says whether the worker ever had the command.
   */
  async dispatch(req: DispatchRequest): Promise<CommandResult> {
    const started = performance.now();
    const view = this.device(req.deviceId);
    const result = view?.online && view.hubId && this.peers ? await this.peers.forward(view.hubId, req) : await this.dispatchLocal(req);
    this.options.observer?.commandDone(req.command, result.envelope, (performance.now() - started) / 1000);
    return result;
  }

  /** Routes to a worker connected to this hub (another hub's forward lands here too). */
  dispatchLocal(req: DispatchRequest): Promise<CommandResult> {
    const view = this.devicesById.get(req.deviceId);
    const conn = view?.online && view.workerId ? this.workers.get(view.workerId) : undefined;
    if (!view || !conn) {
      return Promise.resolve({
        envelope: fail(req.command, 'DEVICE_UNAVAILABLE', `device ${req.deviceId} is offline`, { retryAfterMs: 1000, hint: 'its worker is not connected' }),
      });
    }
    const requestId = `req_${randomUUID()}`;
    const traceId = currentRequestId();
    return new Promise<CommandResult>((resolve) => {
      const timer = setTimeout(() => {
        const flight = conn.inFlight.get(requestId);
        if (!flight) return;
        const env: Envelope = fail(req.command, 'TIMEOUT', `no answer from the worker within ${req.deadlineMs} ms`, {
          delivery: 'delivery_uncertain',
          hint: flight.received ? 'the worker received the command' : 'the worker did not confirm receipt; the command may still be on its way',
        });
        flight.settle({ envelope: env });
      }, req.deadlineMs);
      const flight: InFlight = {
        requestId,
        command: req.command,
        received: false,
        settle: (result) => {
          if (!conn.inFlight.delete(requestId)) return;
          clearTimeout(timer);
          resolve(result);
        },
      };
      conn.inFlight.set(requestId, flight);
      conn.socket.emit(
        'command',
        { requestId, deviceId: req.deviceId, command: req.command, args: req.args, deadlineMs: workerDeadlineMs(req.deadlineMs), leaseId: req.leaseId, actor: req.actor, ...(traceId ? { traceId } : {}) },
        (raw: unknown) => {
          const parsed = CommandResultSchema.safeParse(raw);
          flight.settle(
            parsed.success
              ? (parsed.data as CommandResult)
              : { envelope: fail(req.command, 'INTERNAL', 'the worker answered with a malformed result', { delivery: 'delivery_uncertain' }) },
          );
        },
      );
    });
  }

  /** Tells the device's worker that a lease ended, so it gives up that lease's commands before anyone else acts. */
  leaseEnded(message: LeaseEnded): void {
    this.ownerOf(message.deviceId)?.socket.emit('lease:ended', message);
  }

  /** Live frames of a device; the worker streams only while someone listens. */
  subscribeFrames(deviceId: string, listener: (frame: FrameMessage) => void, options: StreamOptions = {}): () => void {
    const listeners = this.frameListeners.get(deviceId) ?? new Map<(frame: FrameMessage) => void, StreamOptions>();
    this.frameListeners.set(deviceId, listeners);
    const before = this.framesRequest(deviceId);
    listeners.set(listener, options);
    if (listeners.size === 1) this.followFrames(deviceId);
    else this.askForFrames(deviceId, before);
    const latest = this.latestFrames.get(deviceId);
    if (latest) listener(latest);
    return () => {
      const was = this.framesRequest(deviceId);
      if (!listeners.delete(listener)) return;
      if (listeners.size > 0) return this.askForFrames(deviceId, was);
      this.frameListeners.delete(deviceId);
      this.ownerOf(deviceId)?.socket.emit('frames:unsubscribe', { deviceId });
      this.stopRemoteFrames(deviceId);
    };
  }

  /** Asks the device's worker to record it; resolves with its answer (never rejects). */
  async startRecording(deviceId: string, recordingId: string): Promise<RecordingStartAck> {
    const owner = this.ownerOf(deviceId);
    if (!owner) return { ok: false, error: `device ${deviceId} is offline` };
    // Not socket.io's own ack timeout: its timer outlives a closed hub by up to 5 s.
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ ok: false, error: `the worker did not answer recording:start within ${RECORDING_START_TIMEOUT_MS} ms` }), RECORDING_START_TIMEOUT_MS);
      const settle = (ack: RecordingStartAck) => {
        clearTimeout(timer);
        owner.recordingStarts.delete(settle);
        resolve(ack);
      };
      owner.recordingStarts.add(settle);
      owner.socket.emit('recording:start', { deviceId, recordingId }, (raw: unknown) => {
        const parsed = RecordingStartAckSchema.safeParse(raw);
        settle(parsed.success ? parsed.data : { ok: false, error: 'the worker answered recording:start with a malformed ack' });
      });
    });
  }

  stopRecording(deviceId: string, recordingId: string): void {
    this.ownerOf(deviceId)?.socket.emit('recording:stop', { deviceId, recordingId });
  }

  /** Recording pieces and ends from the workers (only for devices the sending worker owns). */
  onRecording(listener: (message: RecordingMessage) => void): () => void {
    this.recordingListeners.add(listener);
    return () => this.recordingListeners.delete(listener);
  }

  private emitRecording(message: RecordingMessage): void {
    for (const listener of this.recordingListeners) listener(message);
  }

  /** Asks whoever owns the device now (a local worker or another hub) for its frames. */
  private followFrames(deviceId: string): void {
    const view = this.device(deviceId);
    const hubId = view?.online ? view.hubId : undefined;
    if (this.remoteFrameHubs.get(deviceId) !== hubId) this.stopRemoteFrames(deviceId);
    if (hubId && this.peers && !this.remoteFrameHubs.has(deviceId)) {
      this.remoteFrameHubs.set(deviceId, hubId);
      this.peers.subscribeFrames(hubId, deviceId);
    } else if (!hubId) {
      this.ownerOf(deviceId)?.socket.emit('frames:subscribe', this.framesRequest(deviceId));
    }
  }

  private stopRemoteFrames(deviceId: string): void {
    const hubId = this.remoteFrameHubs.get(deviceId);
    if (hubId === undefined) return;
    this.remoteFrameHubs.delete(deviceId);
    this.peers?.unsubscribeFrames(hubId, deviceId);
  }

  /** A frame another hub relayed for a device this hub's viewers watch. */
  relayFrame(frame: FrameMessage): void {
    if (this.frameListeners.get(frame.deviceId)?.size) this.onFrame(frame);
  }

  /** The frames a device's viewers need together: the largest scale, the best quality. */
  private framesRequest(deviceId: string): FramesRequest {
    const wishes = [...(this.frameListeners.get(deviceId)?.values() ?? [])];
    const most = (pick: (o: StreamOptions) => number | undefined) => {
      const given = wishes.map(pick).filter((v): v is number => v !== undefined);
      return given.length ? Math.max(...given) : undefined;
    };
    const scale = most((o) => o.scale);
    const quality = most((o) => o.quality);
    return { deviceId, ...(scale !== undefined ? { scale } : {}), ...(quality !== undefined ? { quality } : {}) };
  }

  /**
   * Tells a local worker what to stream when its viewers' wishes changed (a device on another
   * hub streams what that hub's own viewers ask for).
   */
  private askForFrames(deviceId: string, before: FramesRequest): void {
    const now = this.framesRequest(deviceId);
    if (before.scale === now.scale && before.quality === now.quality) return;
    this.ownerOf(deviceId)?.socket.emit('frames:subscribe', now);
  }

  private ownerOf(deviceId: string): WorkerConn | undefined {
    const view = this.devicesById.get(deviceId);
    return view?.online && view.workerId ? this.workers.get(view.workerId) : undefined;
  }

  private onFrame(frame: FrameMessage): void {
    this.options.observer?.frame(frame.deviceId);
    this.latestFrames.set(frame.deviceId, frame);
    for (const listener of this.frameListeners.get(frame.deviceId)?.keys() ?? []) listener(frame);
  }

  private emit(deviceId: string): void {
    for (const listener of this.listeners) listener(deviceId);
  }

  /**
   * Ends every in-flight command and closes the workers' transports: they see a transport close
   * (not a server disconnect), so they reconnect by themselves to the next hub on this address.
   */
  close(): void {
    clearInterval(this.watchdog);
    for (const conn of [...this.workers.values()]) {
      this.drop(conn, 'the hub is shutting down');
      conn.socket.conn.close();
    }
  }
}
