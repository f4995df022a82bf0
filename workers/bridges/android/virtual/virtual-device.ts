// startVirtualDevice: a TCP listener on 127.0.0.1 that speaks the device side of ADB, so that
// `adb connect 127.0.0.1:PORT` (the real adb server) and adbkit drive a simulated Android.
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { AdbConnection } from './transport.js';
import type { ConnectionState } from './transport.js';
import { parseAdbPublicKey } from './auth.js';
import { VirtualAndroid } from './device/device.js';
import type { DeviceIdentity } from './device/device-parts.js';
import { SETTINGS_GRAPH } from './screen-graphs.js';
import type { ScreenGraphSpec } from './screen-graphs.js';
import { FIXTURES_DIR } from '../../../../test/support/fixtures.js';
import { resolveService } from './services/index.js';

export const DEFAULT_FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'fixed_push_mkdir'];
export const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

/** The captured trees its screens are made of (outside the repository: test/support/fixtures.ts). */
export const DEFAULT_FIXTURES_DIR = FIXTURES_DIR;

export interface VirtualDeviceOptions extends Partial<DeviceIdentity> {
  /** Transport features in the banner (default: shell_v2, cmd, stat_v2, fixed_push_mkdir). */
  features?: string[];
  /** Require RSA authentication (AUTH TOKEN) before CNXN. */
  auth?: boolean;
  /** Trust any public key the host offers (else it waits for `allowPendingKey()`). */
  acceptNewKeys?: boolean;
  /** Trusted keys, as lines of `adbkey.pub`. */
  knownKeys?: string[];
  /** Largest payload the device accepts and sends (the host's smaller offer wins). */
  maxPayload?: number;
  graph?: ScreenGraphSpec;
  fixturesDir?: string;
  width?: number;
  height?: number;
  density?: number;
  /** Emulator-like: the shell may write /dev/input (default true). */
  sendeventAllowed?: boolean;
  dumpDelayMs?: number;
  recordFps?: number;
  /** The build has a `screenrecord` binary (default true; some TV, Wear and OEM builds do not). */
  screenrecord?: boolean;
  /** How long a dump waits for an animation to end before 'could not get idle state' (10 s). */
  idleTimeoutMs?: number;
  /** An animation of this length follows every change of screen (default 0). */
  transitionAnimationMs?: number;
  /** The apps draw through hwui, so `dumpsys gfxinfo ... framestats` lists their frames (default true; false: a GL or game app, none listed). */
  hwuiFrames?: boolean;
  /** ro.product.cpu.abi (default x86_64): pushed binaries for another ABI do not run. */
  abi?: string;
  /** A pushed minicap cannot capture the screen and says this (default: it can). */
  minicapError?: string;
}

export interface VirtualDevice {
  port: number;
  /** `127.0.0.1:PORT`, the serial the adb server lists after `adb connect`. */
  serial: string;
  device: VirtualAndroid;
  /** States of the current connections from adb servers. */
  connectionStates(): ConnectionState[];
  /** The user taps "Allow" for the key the host offered; true when a connection came online. */
  allowPendingKey(): boolean;
  /** Protocol events worth knowing in a test (closed connections and why). */
  log: string[];
  /** Drops every connection now; the adb server will reconnect by itself after a few seconds. */
  dropConnections(): void;
  /** false: drop every connection and refuse new ones (a vanished device); true: come back. */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
}

/** The simulated device alone (no listener): for in-process tests of the device's commands. */
export function createVirtualAndroid(options: VirtualDeviceOptions = {}): VirtualAndroid {
  const graph = options.graph ?? SETTINGS_GRAPH;
  const identity: DeviceIdentity = {
    product: options.product ?? 'sdk_gphone64_x86_64',
    model: options.model ?? 'Virtual Pixel',
    device: options.device ?? 'emu64x',
    manufacturer: options.manufacturer ?? 'Google',
    sdk: options.sdk ?? 33,
    release: options.release ?? '13',
  };
  return new VirtualAndroid({
    identity,
    graph,
    fixturesDir: options.fixturesDir ?? DEFAULT_FIXTURES_DIR,
    width: options.width ?? graph.width,
    height: options.height ?? graph.height,
    density: options.density ?? graph.density,
    sendeventAllowed: options.sendeventAllowed ?? true,
    dumpDelayMs: options.dumpDelayMs ?? 0,
    recordFps: options.recordFps ?? 10,
    screenrecord: options.screenrecord ?? true,
    idleTimeoutMs: options.idleTimeoutMs ?? 10_000,
    transitionAnimationMs: options.transitionAnimationMs ?? 0,
    hwuiFrames: options.hwuiFrames ?? true,
    abi: options.abi ?? 'x86_64',
    minicapError: options.minicapError ?? null,
  });
}

export async function startVirtualDevice(options: VirtualDeviceOptions = {}): Promise<VirtualDevice> {
  const device = createVirtualAndroid(options);
  const identity = device.config.identity;
  const features = options.features ?? DEFAULT_FEATURES;
  // No trailing NUL: the adb server would drop the last feature.
  const banner = `device::ro.product.name=${identity.product};ro.product.model=${identity.model};ro.product.device=${identity.device};features=${features.join(',')}`;
  const keys: KeyObject[] = (options.knownKeys ?? []).filter((k) => k.trim()).map(parseAdbPublicKey);
  const log: string[] = [];
  const connections = new Set<AdbConnection>();
  const sockets = new Set<Socket>();

  let reachable = true;
  const server = createServer((socket) => {
    if (!reachable) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const connection = new AdbConnection(socket, {
      banner,
      maxPayload: options.maxPayload ?? DEFAULT_MAX_PAYLOAD,
      auth: { enabled: options.auth ?? false, keys, acceptNewKeys: options.acceptNewKeys ?? false },
      resolveService: (service) => resolveService(device, service),
      onLog: (event) => log.push(event),
    });
    connections.add(connection);
    socket.on('close', () => {
      sockets.delete(socket);
      connections.delete(connection);
    });
  });
  server.on('error', (err) => log.push(`server error: ${err.message}`));
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const dropConnections = () => {
    for (const c of connections) c.close();
  };
  device.dropConnections = (stayAway) => {
    if (stayAway) reachable = false;
    dropConnections();
  };

  return {
    port,
    serial: `127.0.0.1:${port}`,
    device,
    log,
    connectionStates: () => [...connections].map((c) => c.state),
    allowPendingKey: () => [...connections].map((c) => c.allowPendingKey()).some(Boolean),
    dropConnections,
    setReachable: (value) => {
      reachable = value;
      if (!value) dropConnections();
    },
    close: async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      dropConnections();
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
