import type { Role } from '../store/store.js';

/** Which leases are recorded unless their holder says otherwise: agents' (default), everyone's, or nobody's. */
export type RecordingPolicy = 'agents' | 'all' | 'off';

export function recordingPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): RecordingPolicy {
  const raw = env.SIMLAB_RECORD?.trim();
  if (!raw) return 'agents';
  if (raw === 'agents' || raw === 'all' || raw === 'off') return raw;
  throw new Error(`SIMLAB_RECORD must be agents, all or off, not "${raw.slice(0, 40)}"`);
}

/** Whether a lease held with this role is recorded by default. */
export function recordedByDefault(policy: RecordingPolicy, role: Role | undefined): boolean {
  if (policy === 'off') return false;
  return policy === 'all' || role === 'agent';
}
