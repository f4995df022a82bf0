import { Worker } from 'node:worker_threads';
import { ConfigError } from './config.js';

/** A worker that outgrew its memory exits with this code; the launcher (scripts/start.mjs) restarts it. */
export const MEMORY_EXIT_CODE = 70;
/** Default ceiling on the worker process's resident memory (its browsers are separate processes). */
const DEFAULT_MAX_RSS_MB = 1536;
/** How long the main thread gets to exit by itself once told, before the watchdog kills the process. */
const GRACE_MS = 3000;

/** SIMLAB_WORKER_MAX_RSS_MB (megabytes; 0 turns the watchdog off), default 1536. */
export function maxRssMbFromEnv(env: NodeJS.ProcessEnv): number {
  const text = env.SIMLAB_WORKER_MAX_RSS_MB?.trim() || String(DEFAULT_MAX_RSS_MB);
  const mb = Number(text);
  if (!Number.isInteger(mb) || mb < 0) throw new ConfigError(`SIMLAB_WORKER_MAX_RSS_MB must be a whole number of megabytes (0 = off), not "${text}"`);
  return mb;
}

/**
 * The watchdog runs on its own thread, so it still looks when the main thread is stuck in a
 * runaway loop (the failure it exists for). Past the limit it tells the main thread; if the
 * main thread cannot answer within the grace time, it kills the whole process.
 */
const WATCHDOG_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { maxBytes, intervalMs, graceMs } = workerData;
const timer = setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss <= maxBytes) return;
  clearInterval(timer);
  parentPort.postMessage({ rss });
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), graceMs);
}, intervalMs);
`;

export interface MemoryWatchdogOptions {
  maxRssMb: number;
  intervalMs?: number;
  /** Called on the main thread past the limit, with the resident size in MB; it should end the process. */
  onExceeded: (rssMb: number) => void;
}

/** Starts watching this process's resident memory; returns a function that stops it. */
export function watchMemory({ maxRssMb, intervalMs = 500, onExceeded }: MemoryWatchdogOptions): () => Promise<void> {
  const thread = new Worker(WATCHDOG_SOURCE, {
    eval: true,
    // Plain Node for the thread: it needs no loaders or flags of the main process.
    execArgv: [],
    workerData: { maxBytes: maxRssMb * 1024 * 1024, intervalMs, graceMs: GRACE_MS },
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  thread.unref();
  thread.on('message', (message: { rss: number }) => onExceeded(Math.round(message.rss / (1024 * 1024))));
  return async () => {
    await thread.terminate();
  };
}
