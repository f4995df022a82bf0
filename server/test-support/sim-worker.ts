import { io, type Socket } from 'socket.io-client';
import { ok } from '../../core/contract/index.js';
import type { DeviceDescriptor } from '../../core/wire/device.js';
import {
  HEARTBEAT_INTERVAL_MS,
  WORKER_NAMESPACE,
  type CommandMessage,
  type CommandResult,
  type HubToWorkerEvents,
  type RegisterAck,
  type WorkerToHubEvents,
} from '../../core/wire/worker-protocol.js';

/**
 * A worker peer for hub tests: it speaks the real protocol over a real socket; what each
 * command answers is up to the test (`onCommand`).
 */
export interface SimWorkerOptions {
  hubUrl: string;
  token: string;
  workerId?: string;
  devices: DeviceDescriptor[];
  /** Confirm receipt (`command:received`) before running (default true). */
  confirm?: boolean;
  /** Send heartbeats (default true). */
  heartbeat?: boolean;
  onCommand?: (message: CommandMessage) => Promise<CommandResult>;
  /** Reconnect and register again after losing the hub (default false). */
  reconnect?: boolean;
}

export interface SimWorker {
  socket: Socket<HubToWorkerEvents, WorkerToHubEvents>;
  received: CommandMessage[];
  registered: Promise<RegisterAck>;
  close(): void;
}

export function webDevice(id: string, overrides: Partial<DeviceDescriptor['capabilities']> = {}): DeviceDescriptor {
  return {
    id,
    platform: 'web',
    model: 'Chromium',
    name: `web ${id}`,
    size: { w: 390, h: 844 },
    scale: 3,
    orientation: 'portrait',
    capabilities: {
      multiTouch: true,
      hitTest: true,
      type: true,
      paste: true,
      keys: ['Enter'],
      buttons: ['back'],
      screenshot: true,
      frames: true,
      record: false,
      platformVerbs: ['web.open'],
      ...overrides,
    },
  };
}

export function startSimWorker(options: SimWorkerOptions): SimWorker {
  const socket: Socket<HubToWorkerEvents, WorkerToHubEvents> = io(options.hubUrl + WORKER_NAMESPACE, {
    auth: { token: options.token },
    transports: ['websocket'],
    reconnection: options.reconnect ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  const received: CommandMessage[] = [];
  const onCommand = options.onCommand ?? (async (m) => ({ envelope: ok(m.command, { echo: m.args }) }));
  socket.on('command', (message, ack) => {
    received.push(message);
    if (options.confirm !== false) socket.emit('command:received', { requestId: message.requestId });
    void onCommand(message).then(ack);
  });
  const beat = options.heartbeat === false ? null : setInterval(() => socket.emit('heartbeat', { at: Date.now() }), HEARTBEAT_INTERVAL_MS);
  const register = (done: (ack: RegisterAck) => void) =>
    socket.emit('register', { workerId: options.workerId ?? 'sim-worker', host: 'test', version: 'test', devices: options.devices }, done);
  const registered = new Promise<RegisterAck>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => register(resolve));
  });
  socket.io.on('reconnect', () => register(() => undefined));
  return {
    socket,
    received,
    registered,
    close: () => {
      if (beat) clearInterval(beat);
      socket.disconnect();
    },
  };
}
