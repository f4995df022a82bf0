import { readFileSync } from 'node:fs';
import pino from 'pino';
import { ConfigError, workerConfigFromEnv, type WorkerConfig } from './config.js';
import { MEMORY_EXIT_CODE, maxRssMbFromEnv, watchMemory } from './memory-watchdog.js';
import { startWorker, type RunningWorker } from './worker.js';

/**
 * The worker process: `npm run worker` with SIMLAB_HUB and SIMLAB_WORKER_TOKEN (see
 * workers/config.ts and workers/providers/ for the device settings). SIGINT/SIGTERM close
 * every device before exiting, so no browser outlives the worker.
 */
const log = (message: string): void => {
  process.stdout.write(`[worker] ${message}\n`);
};

function packageVersion(): string {
  for (const up of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'simlab' && pkg.version) return pkg.version;
    } catch {
      continue;
    }
  }
  return '0.0.0';
}

/** The longest a clean shutdown may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

const commandLog = pino({ name: 'simlab-worker' }, pino.destination(2));

async function main(): Promise<void> {
  let config: WorkerConfig;
  let maxRssMb: number;
  try {
    config = workerConfigFromEnv();
    maxRssMb = maxRssMbFromEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`[worker] ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  let starting: Promise<RunningWorker | undefined> = Promise.resolve(undefined);
  let stopping: Promise<void> | undefined;
  const stop = (code: number): Promise<void> => {
    stopping ??= (async () => {
      setTimeout(() => process.exit(code), SHUTDOWN_LIMIT_MS).unref();
      // Devices still launching are closed once they are up, never left behind.
      const worker = await starting;
      await worker?.close();
      process.exit(code);
    })();
    return stopping;
  };
  if (maxRssMb > 0) {
    // A worker that grows without bound is ended and restarted, rather than left hanging with its devices offline.
    watchMemory({
      maxRssMb,
      onExceeded: (rssMb) => {
        process.stderr.write(`[worker] resident memory ${rssMb} MB is over SIMLAB_WORKER_MAX_RSS_MB=${maxRssMb}: exiting (${MEMORY_EXIT_CODE}) to be restarted\n`);
        process.exit(MEMORY_EXIT_CODE);
      },
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      log(`${signal}: closing devices`);
      void stop(0);
    });
  }
  // The launcher's pipe closing means the launcher is gone: do not outlive it.
  if (process.env.SIMLAB_EXIT_WITH_STDIN === '1') process.stdin.on('end', () => void stop(0)).resume();
  starting = startWorker({
    config,
    env: process.env,
    version: packageVersion(),
    log,
    // JSON lines on stderr, one per command, with the hub's request id as reqId (as in the hub's log).
    onCommandDone: (entry) => commandLog.info(entry, 'command'),
    onRejected: (reason) => {
      process.stderr.write(`[worker] the hub refused this worker (${reason}): check SIMLAB_WORKER_TOKEN\n`);
      void stop(1);
    },
  }).catch((err: unknown) => {
    process.stderr.write(`[worker] could not start devices: ${err instanceof Error ? err.message : String(err)}\n`);
    void stop(1);
    return undefined;
  });
  const worker = await starting;
  if (worker) log(`${worker.devices.length} device(s) up, dialing ${config.hub}`);
}

void main();
