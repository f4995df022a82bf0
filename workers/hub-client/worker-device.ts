import type { DeviceBridge } from '../bridge.js';
import type { Envelope } from '../../core/contract/envelope.js';
import type { Actor } from '../../core/wire/worker-protocol.js';
import type { ActionEvidence } from '../session/action-evidence.js';
import type { TouchLog } from '../recording/touch-log.js';

/** Who runs a command and under which ref scope (the lease id, or `watch:<tokenId>`). */
export interface ExecuteContext {
  leaseId: string;
  actor: Actor;
  /** The budget in ms from now (core/wire/worker-protocol.ts workerDeadlineMs), the wait for the device included. */
  deadlineMs: number;
}

/**
 * What runs device commands: the device session (never throws; every outcome is an envelope),
 * with the outlines and thumbnail the action log keeps.
 */
export interface CommandExecutor {
  executeWithEvidence(command: string, args: unknown, context: ExecuteContext): Promise<{ envelope: Envelope; evidence: ActionEvidence }>;
  /** The lease ended on the hub: give up its commands (fingers lifted) and forget its snapshots. */
  endLease(leaseId: string, reason: string): void;
}

/** One device this worker serves: its id on the hub, its bridge, and the session that drives it. */
export interface WorkerDevice {
  id: string;
  bridge: DeviceBridge;
  session: CommandExecutor;
  /** The touches the session performed (its bridge is wrapped by it), for recordings. */
  touches?: TouchLog;
}
