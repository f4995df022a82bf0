import type { BlobStore } from '../blobs/blob-store.js';
import { applyRetention, type RetentionPolicy } from '../blobs/retention.js';
import { SESSIONS_ROOT } from './evidence-keys.js';

/** How often the evidence is checked against the retention policy. */
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Applies the retention policy to the sessions' evidence at start and then hourly, sparing the
 * sessions being recorded. Returns the stop function; a policy without bounds starts nothing.
 */
export function startRetentionSweep(blobs: BlobStore, policy: RetentionPolicy, live: () => Set<string>, log: (message: string) => void): () => void {
  if (policy.maxAgeMs === undefined && policy.maxTotalBytes === undefined) return () => undefined;
  const sweep = () =>
    applyRetention(blobs, SESSIONS_ROOT, policy, Date.now(), live()).then(
      (result) => {
        if (result.deleted.length > 0) log(`retention deleted the evidence of ${result.deleted.length} session(s); ${result.keptBytes} bytes kept`);
      },
      (err: unknown) => log(`retention sweep failed: ${String(err)}`),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
