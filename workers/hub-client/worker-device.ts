import type { DeviceBridge } from '../bridge.js';
import type { Envelope } from '../../core/contract/envelope.js';
import type { Actor } from '../../core/wire/worker-protocol.js';
import type { ActionEvidence } from '../session/action-evidence.js';
import type { TouchLog } from '../recording/touch-log.js';

/** Who runs a command and under which ref scope (the lease id, or `watch:<tokenId>`). */
export interface ExecuteContext {
  leaseId: string;
  actor: Actor;
}

/**
 * What runs device commands: the device session (never throws; every outcome is an envelope),
 * with the outlines and thumbnail the action log keeps.
 */
export interface CommandExecutor {
  executeWithEvidence(command: string, args: unknown, context: ExecuteContext): Promise<{ envelope: Envelope; evidence: ActionEvidence }>;
}

/** One device this worker serves: its id on the hub, its bridge, and the session that drives it. */
export interface WorkerDevice {
  id: string;
  bridge: DeviceBridge;
  session: CommandExecutor;
  /** The touches the session performed (its bridge is wrapped by it), for recordings. */
  touches?: TouchLog;
}
