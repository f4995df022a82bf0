import { DeviceSession } from './session/device-session.js';
import { TouchLog } from './recording/touch-log.js';
import type { WorkerConfig } from './config.js';
import { HubConnection, type CommandLogEntry } from './hub-client/hub-connection.js';
import type { WorkerDevice } from './hub-client/worker-device.js';
import type { ProvidedDevices } from './providers/provider.js';
import { loadProvider } from './providers/registry.js';

export interface RunningWorker {
  connection: HubConnection;
  devices: WorkerDevice[];
  /** Disconnects from the hub and closes every device (no orphan browsers or processes). */
  close(): Promise<void>;
}

export interface StartWorkerOptions {
  config: WorkerConfig;
  env: NodeJS.ProcessEnv;
  version: string;
  log: (message: string) => void;
  onRejected?: (reason: string) => void;
  onCommandDone?: (entry: CommandLogEntry) => void;
}

/**
 * Starts every configured platform's devices, one device session each, and connects to the
 * hub. If starting fails part-way, whatever did start is closed before the error surfaces.
 */
export async function startWorker({ config, env, version, log, onRejected, onCommandDone }: StartWorkerOptions): Promise<RunningWorker> {
  const started: ProvidedDevices[] = [];
  const closeDevices = async (): Promise<void> => {
    await Promise.allSettled(started.map((p) => p.close()));
  };
  try {
    for (const platform of config.platforms) {
      const provider = await loadProvider(platform);
      started.push(await provider.start({ workerId: config.workerId, env, log }));
    }
  } catch (err) {
    await closeDevices();
    throw err;
  }
  // One session per bridge, kept while the provider keeps the bridge (devices may come and go).
  const sessions = new Map<string, WorkerDevice>();
  const current = (): WorkerDevice[] =>
    started.flatMap((p) => p.devices).map(({ id, bridge }) => {
      const known = sessions.get(id);
      if (known?.bridge === bridge) return known;
      const touches = new TouchLog();
      const made: WorkerDevice = { id, bridge, session: new DeviceSession(touches.wrap(bridge)), touches };
      sessions.set(id, made);
      return made;
    });
  const devices: WorkerDevice[] = current();
  const connection = new HubConnection({
    hub: config.hub,
    token: config.token,
    workerId: config.workerId,
    host: config.host,
    version,
    devices,
    log,
    ...(onRejected ? { onRejected } : {}),
    ...(onCommandDone ? { onCommandDone } : {}),
  });
  for (const provided of started) {
    provided.onDevicesChanged?.(() => {
      devices.splice(0, devices.length, ...current());
      connection.setDevices([...devices]);
    });
  }
  connection.connect();
  return {
    connection,
    devices,
    close: async () => {
      connection.close();
      await closeDevices();
    },
  };
}
