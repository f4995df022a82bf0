import { hostname } from 'node:os';

/** How a worker process is set up, from its environment (see workers/main.ts). */
export interface WorkerConfig {
  /** The hub's base URL (`SIMLAB_HUB`). */
  hub: string;
  /** The worker token the hub issued (`SIMLAB_WORKER_TOKEN`). */
  token: string;
  /** This worker's name; device ids are prefixed with it (`SIMLAB_WORKER_ID`, default the host name). */
  workerId: string;
  host: string;
  /** Which device platforms to start (`SIMLAB_PLATFORMS`, comma list, default `web`). */
  platforms: string[];
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function workerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const hub = env.SIMLAB_HUB?.trim();
  const token = env.SIMLAB_WORKER_TOKEN?.trim();
  if (!hub) throw new ConfigError('SIMLAB_HUB is not set: point it at the hub, e.g. SIMLAB_HUB=http://hub-host:4700');
  if (!token) throw new ConfigError('SIMLAB_WORKER_TOKEN is not set: create a worker token on the hub and pass it here');
  try {
    new URL(hub);
  } catch {
    throw new ConfigError(`SIMLAB_HUB is not a URL: ${hub}`);
  }
  const host = hostname();
  const workerId = (env.SIMLAB_WORKER_ID?.trim() || host).replace(/[^A-Za-z0-9_.-]/g, '-');
  const platforms = listOf(env.SIMLAB_PLATFORMS) ?? ['web'];
  return { hub, token, workerId, host, platforms };
}

/** A comma list from the environment, or undefined when unset or empty. */
export function listOf(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return items.length > 0 ? items : undefined;
}
