import { fail, failFrom } from '../../core/contract/envelope.js';
import type { CommandMessage, CommandResult } from '../../core/wire/worker-protocol.js';
import { evidenceOf } from './evidence.js';
import type { WorkerDevice } from './worker-device.js';

/**
 * Runs one hub command on its device. Never throws: an unknown device, a crash or an overrun
 * deadline all come back as envelopes with an honest delivery. The deadline is the session's
 * own (counted from now, the wait for the device included), so the work it gives up really stops.
 */
export async function runCommand(device: WorkerDevice | undefined, message: CommandMessage): Promise<CommandResult> {
  const { command, deviceId, deadlineMs } = message;
  if (!device) {
    return {
      envelope: fail(command, 'DEVICE_UNAVAILABLE', `device ${deviceId} is not on this worker`, {
        delivery: 'not_delivered',
        hint: 'list devices again: the worker may have restarted without it',
      }),
    };
  }
  try {
    const { envelope, evidence: seen } = await device.session.executeWithEvidence(command, message.args, {
      leaseId: message.leaseId,
      actor: message.actor,
      deadlineMs,
    });
    const evidence = evidenceOf(seen);
    return evidence ? { envelope, evidence } : { envelope };
  } catch (err) {
    return { envelope: failFrom(command, err, 'delivery_uncertain') };
  }
}
