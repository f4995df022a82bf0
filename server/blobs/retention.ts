import type { BlobStore } from './blob-store.js';

/** How long and how much evidence the lab keeps; either bound may be off. */
export interface RetentionPolicy {
  /** Groups whose newest blob is older than this are deleted. */
  maxAgeMs?: number;
  /** Oldest groups are deleted until the rest fits. */
  maxTotalBytes?: number;
}

export interface RetentionResult {
  deleted: string[];
  keptBytes: number;
}

/**
 * Applies the policy to the groups under `root` (a group is `root` + its next key segment, e.g.
 * `sessions/<id>`: a session's recording, screenshots and exports go together, never piecemeal,
 * so no playable file loses its middle). Groups named in `keep` (recordings in progress) stay.
 */
export async function applyRetention(
  store: BlobStore,
  root: string,
  policy: RetentionPolicy,
  now: number,
  keep: ReadonlySet<string> = new Set(),
): Promise<RetentionResult> {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  const groups = new Map<string, { bytes: number; newest: number }>();
  for (const blob of await store.list(prefix)) {
    const name = blob.key.slice(prefix.length).split('/')[0]!;
    const group = groups.get(name) ?? { bytes: 0, newest: 0 };
    group.bytes += blob.size;
    group.newest = Math.max(group.newest, blob.writtenAt);
    groups.set(name, group);
  }
  const oldestFirst = [...groups.entries()].sort((a, b) => a[1].newest - b[1].newest);
  let total = oldestFirst.reduce((sum, [, g]) => sum + g.bytes, 0);
  const deleted: string[] = [];
  for (const [name, group] of oldestFirst) {
    if (keep.has(name)) continue;
    const tooOld = policy.maxAgeMs !== undefined && now - group.newest > policy.maxAgeMs;
    const tooMuch = policy.maxTotalBytes !== undefined && total > policy.maxTotalBytes;
    if (!tooOld && !tooMuch) continue;
    await store.delete(`${prefix}${name}`);
    total -= group.bytes;
    deleted.push(name);
  }
  return { deleted, keptBytes: total };
}

/** The policy from SIMLAB_RETENTION_DAYS and SIMLAB_RETENTION_MAX_MB (unset: no bound). */
export function retentionFromEnv(env: NodeJS.ProcessEnv = process.env): RetentionPolicy {
  const policy: RetentionPolicy = {};
  const days = positive(env.SIMLAB_RETENTION_DAYS, 'SIMLAB_RETENTION_DAYS', 36_500);
  const mb = positive(env.SIMLAB_RETENTION_MAX_MB, 'SIMLAB_RETENTION_MAX_MB', 1e9);
  if (days !== undefined) policy.maxAgeMs = days * 86_400_000;
  if (mb !== undefined) policy.maxTotalBytes = mb * 1024 * 1024;
  return policy;
}

function positive(raw: string | undefined, name: string, max: number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number between 0 and ${max}, not "${raw}"`);
  return value;
}
