import { io, type Socket } from 'socket.io-client';
import {
  CommandMessageSchema,
  FramesRequestSchema,
  LeaseEndedSchema,
  HEARTBEAT_INTERVAL_MS,
  WORKER_NAMESPACE,
  WORKER_PROTOCOL_VERSION,
  type CommandResult,
  type HubToWorkerEvents,
  type RegisterAck,
  type WorkerToHubEvents,
} from '../../core/wire/worker-protocol.js';
import { RecordingRequestSchema, type RecordingStartAck } from '../../core/wire/recording-protocol.js';
import { fail } from '../../core/contract/envelope.js';
import { findFfmpeg } from '../media/ffmpeg-path.js';
import { withMedia } from '../recording/action-media.js';
import { DeviceRecorder } from '../recording/device-recorder.js';
import { descriptorOf } from './descriptor.js';
import { FrameStream } from './frame-stream.js';
import { runCommand } from './run-command.js';
import type { WorkerDevice } from './worker-device.js';

export interface HubConnectionOptions {
  /** The hub's base URL, e.g. http://127.0.0.1:4700. */
  hub: string;
  token: string;
  workerId: string;
  host: string;
  version: string;
  devices: WorkerDevice[];
  log: (message: string) => void;
  /** Called when the hub refuses the worker token: retrying cannot help. */
  onRejected?: (reason: string) => void;
  /** Called after each command with the hub's request id (a structured log line). */
  onCommandDone?: (entry: CommandLogEntry) => void;
}

/** One command as the worker ran it; `reqId` is the hub's request id, so both logs join. */
export interface CommandLogEntry {
  reqId: string | undefined;
  deviceId: string;
  command: string;
  ok: boolean;
  code: string | undefined;
  ms: number;
}

type WorkerSocket = Socket<HubToWorkerEvents, WorkerToHubEvents>;

/** Pause before dialing again after the hub closed the connection itself. */
const SERVER_DISCONNECT_RETRY_MS = 1000;

/** How long to wait for the hub's answer to `register` before trying again on the same socket. */
const REGISTER_TIMEOUT_MS = 10_000;

/**
 * The worker's link to the hub (core/wire/worker-protocol.ts): dials `/workers` with the worker
 * token, registers the devices, heartbeats, runs commands, streams frames, and after any
 * disconnect (a hub restart included) dials again and re-registers by itself.
 */
export class HubConnection {
  private readonly socket: WorkerSocket;
  private readonly devices = new Map<string, WorkerDevice>();
  private readonly streams = new Map<string, { stream: FrameStream; unsubscribe: () => void }>();
  private readonly recorders = new Map<string, DeviceRecorder>();
  private heartbeat: NodeJS.Timeout | undefined;
  private registered = false;
  private closed = false;
  private readonly registeredWaiters: Array<() => void> = [];

  constructor(private readonly options: HubConnectionOptions) {
    for (const d of options.devices) this.devices.set(d.id, d);
    this.socket = io(new URL(WORKER_NAMESPACE, options.hub).toString(), {
      auth: { token: options.token },
      reconnection: true,
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
      transports: ['websocket'],
      autoConnect: false,
    });
    this.socket.on('connect', () => void this.register());
    this.socket.on('disconnect', (reason) => this.onDisconnect(reason));
    this.socket.on('connect_error', (err) => this.onConnectError(err));
    this.socket.on('command', (message, ack) => void this.onCommand(message, ack));
    this.socket.on('lease:ended', (message) => this.onLeaseEnded(message));
    this.socket.on('frames:subscribe', (message) => this.onFramesSubscribe(message));
    this.socket.on('frames:unsubscribe', (message) => this.onFramesUnsubscribe(message));
    this.socket.on('recording:start', (message, ack) => this.onRecordingStart(message, ack));
    this.socket.on('recording:stop', (message) => this.onRecordingStop(message));
  }

  connect(): void {
    this.socket.connect();
  }

  get isRegistered(): boolean {
    return this.registered;
  }

  /** Resolves once the hub has accepted this worker's registration (again, after a reconnect). */
  whenRegistered(): Promise<void> {
    if (this.registered) return Promise.resolve();
    return new Promise((resolve) => this.registeredWaiters.push(resolve));
  }

  /** Tells the hub the device list changed (a device appeared or left). */
  setDevices(devices: WorkerDevice[]): void {
    this.devices.clear();
    for (const d of devices) this.devices.set(d.id, d);
    if (this.registered) this.socket.emit('devices', { devices: devices.map(descriptorOf) });
  }

  close(): void {
    this.closed = true;
    this.stopHeartbeat();
    this.stopAllStreams();
    this.stopAllRecordings();
    this.socket.disconnect();
  }

  private async register(): Promise<void> {
    const message = {
      workerId: this.options.workerId,
      host: this.options.host,
      version: this.options.version,
      protocol: WORKER_PROTOCOL_VERSION,
      devices: [...this.devices.values()].map(descriptorOf),
    } as const;
    let ack: RegisterAck;
    try {
      ack = await this.socket.timeout(REGISTER_TIMEOUT_MS).emitWithAck('register', message);
    } catch {
      if (this.socket.connected && !this.closed) {
        this.options.log('the hub did not answer register; reconnecting');
        this.socket.disconnect().connect();
      }
      return;
    }
    if (!ack.ok) {
      this.options.log(`the hub refused the registration: ${ack.error}`);
      this.options.onRejected?.(ack.error);
      return;
    }
    this.registered = true;
    this.options.log(`registered with ${this.options.hub} (hub ${ack.hubVersion}), ${this.devices.size} device(s)`);
    this.startHeartbeat();
    for (const resolve of this.registeredWaiters.splice(0)) resolve();
  }

  private onDisconnect(reason: string): void {
    const wasRegistered = this.registered;
    this.registered = false;
    this.stopHeartbeat();
    this.stopAllStreams();
    // The hub ends a lost worker's recordings; it asks for new ones when the worker is back.
    this.stopAllRecordings();
    if (this.closed) return;
    if (reason === 'io server disconnect') {
      // socket.io does not retry a disconnect the hub asked for: the hub shutting down, or
      // another worker registering with this worker's id (SIMLAB_WORKER_ID must be unique).
      this.options.log(`the hub closed this connection (shutting down, or another worker uses the id "${this.options.workerId}"); reconnecting`);
      setTimeout(() => {
        if (!this.closed && !this.socket.connected) this.socket.connect();
      }, SERVER_DISCONNECT_RETRY_MS).unref();
      return;
    }
    if (wasRegistered) this.options.log(`lost the hub (${reason}); reconnecting`);
  }

  private onConnectError(err: Error): void {
    if (err.message === 'UNAUTHORIZED') {
      this.options.log('the hub refused the worker token (UNAUTHORIZED)');
      this.options.onRejected?.('UNAUTHORIZED');
      return;
    }
    // Transport errors (hub down or restarting) are retried by socket.io's reconnection.
    if (!this.socket.active && !this.closed) setTimeout(() => this.socket.connect(), 1000).unref();
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => this.socket.emit('heartbeat', { at: Date.now() }), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private async onCommand(raw: unknown, ack: (result: CommandResult) => void): Promise<void> {
    if (typeof ack !== 'function') return;
    const parsed = CommandMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const command = typeof (raw as { command?: unknown })?.command === 'string' ? (raw as { command: string }).command : 'unknown';
      ack({ envelope: fail(command, 'INVALID_ARGS', `malformed command message: ${parsed.error.message}`) });
      return;
    }
    const message = parsed.data;
    this.socket.emit('command:received', { requestId: message.requestId });
    const device = this.devices.get(message.deviceId);
    const started = performance.now();
    const startedAt = Date.now();
    const result = await runCommand(device, message);
    ack(await withMedia(result, this.recorders.get(message.deviceId), device?.touches, startedAt, Date.now()));
    this.options.onCommandDone?.({
      reqId: message.traceId,
      deviceId: message.deviceId,
      command: message.command,
      ok: result.envelope.ok,
      code: result.envelope.ok ? undefined : result.envelope.error.code,
      ms: Math.round(performance.now() - started),
    });
  }

  private onLeaseEnded(raw: unknown): void {
    const parsed = LeaseEndedSchema.safeParse(raw);
    if (!parsed.success) return;
    this.devices.get(parsed.data.deviceId)?.session.endLease(parsed.data.leaseId, parsed.data.reason);
  }

  private onFramesSubscribe(raw: unknown): void {
    const parsed = FramesRequestSchema.safeParse(raw);
    if (!parsed.success) return;
    const { deviceId, ...options } = parsed.data;
    const device = this.devices.get(deviceId);
    if (!device || !device.bridge.capabilities.frames) return;
    // A new request for a streaming device changes its frames' size or quality: the stream goes on.
    const running = this.streams.get(deviceId);
    const stream = running?.stream ?? new FrameStream((frame) => this.sendFrame(deviceId, frame));
    const unsubscribe = device.bridge.frames((frame) => stream.push(frame), options);
    running?.unsubscribe();
    this.streams.set(deviceId, { stream, unsubscribe });
  }

  private onFramesUnsubscribe(raw: unknown): void {
    const parsed = FramesRequestSchema.safeParse(raw);
    if (parsed.success) this.stopStream(parsed.data.deviceId);
  }

  private sendFrame(deviceId: string, frame: { data: Buffer; timestamp: number; width: number; height: number }): Promise<void> {
    if (!this.socket.connected) return Promise.resolve();
    const engine = this.socket.io.engine;
    const flushed = new Promise<void>((resolve) => engine.once('drain', () => resolve()));
    // A Node Buffer is a Uint8Array; socket.io sends it as a binary attachment.
    const data = frame.data as Uint8Array<ArrayBuffer>;
    this.socket.emit('frame', { deviceId, timestamp: frame.timestamp, width: frame.width, height: frame.height, data });
    return flushed;
  }

  private onRecordingStart(raw: unknown, ack: (result: RecordingStartAck) => void): void {
    if (typeof ack !== 'function') return;
    const parsed = RecordingRequestSchema.safeParse(raw);
    if (!parsed.success) return ack({ ok: false, error: `malformed recording request: ${parsed.error.message}` });
    const { deviceId, recordingId } = parsed.data;
    const device = this.devices.get(deviceId);
    if (!device) return ack({ ok: false, error: `device ${deviceId} is not on this worker` });
    if (!device.bridge.capabilities.frames) return ack({ ok: false, error: `device ${deviceId} has no live frames to record` });
    const running = this.recorders.get(deviceId);
    if (running) return ack(running.recordingId === recordingId ? { ok: true } : { ok: false, error: `device ${deviceId} is already recording ${running.recordingId}` });
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) return ack({ ok: false, error: 'no ffmpeg on this worker: set FFMPEG_PATH, install ffmpeg-static or the system ffmpeg' });
    let seq = 0;
    const recorder = new DeviceRecorder(recordingId, device.bridge, ffmpeg, {
      onPiece: (piece, kind, first) => {
        if (!this.socket.connected) return;
        const data = piece as Uint8Array<ArrayBuffer>;
        this.socket.emit('recording:piece', { deviceId, recordingId, seq: seq++, kind, ...(first ?? {}), data });
      },
      onEnd: (error) => {
        if (this.recorders.get(deviceId) === recorder) this.recorders.delete(deviceId);
        if (error) this.options.log(`recording ${recordingId} of ${deviceId} ended: ${error}`);
        if (this.socket.connected) this.socket.emit('recording:end', { deviceId, recordingId, ...(error ? { error: error.slice(0, 2000) } : {}) });
      },
    });
    this.recorders.set(deviceId, recorder);
    recorder.start();
    ack({ ok: true });
  }

  private onRecordingStop(raw: unknown): void {
    const parsed = RecordingRequestSchema.safeParse(raw);
    if (!parsed.success) return;
    const recorder = this.recorders.get(parsed.data.deviceId);
    if (recorder?.recordingId === parsed.data.recordingId) void recorder.stop();
  }

  private stopAllRecordings(): void {
    for (const recorder of this.recorders.values()) void recorder.stop();
  }

  private stopStream(deviceId: string): void {
    const entry = this.streams.get(deviceId);
    if (!entry) return;
    this.streams.delete(deviceId);
    entry.stream.stop();
    entry.unsubscribe();
  }

  private stopAllStreams(): void {
    for (const deviceId of [...this.streams.keys()]) this.stopStream(deviceId);
  }
}
