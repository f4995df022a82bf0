import { fail, failFrom } from '../../core/contract/envelope.js';
import type { CommandMessage, CommandResult } from '../../core/wire/worker-protocol.js';
import { evidenceOf } from './evidence.js';
import type { WorkerDevice } from './worker-device.js';

type Answer = Awaited<ReturnType<WorkerDevice['session']['executeWithEvidence']>>;

/** Answer a little before the hub's deadline so our envelope, not the hub's timer, reaches the caller. */
const DEADLINE_MARGIN_MS = 100;

/**
 * Runs one hub command on its device within the deadline. Never throws: an unknown device,
 * a crash or an overrun deadline all come back as envelopes with an honest delivery.
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
  const budget = Math.max(1, deadlineMs - Math.min(DEADLINE_MARGIN_MS, Math.floor(deadlineMs / 10)));
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<Answer>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          envelope: fail(command, 'TIMEOUT', `${command} did not finish within ${deadlineMs} ms`, {
            delivery: 'delivery_uncertain',
            hint: 'observe the screen before acting again: the action may have happened',
          }),
          evidence: {},
        }),
      budget,
    );
  });
  const run = device.session
    .executeWithEvidence(command, message.args, { leaseId: message.leaseId, actor: message.actor })
    .catch((err: unknown): Answer => ({ envelope: failFrom(command, err, 'delivery_uncertain'), evidence: {} }));
  try {
    const { envelope, evidence: seen } = await Promise.race([run, overrun]);
    const evidence = evidenceOf(envelope, seen);
    return evidence ? { envelope, evidence } : { envelope };
  } finally {
    clearTimeout(timer);
  }
}
