import { COMMANDS, isCommandName } from '../../core/wire/commands.js';
import { issuesText } from '../../core/wire/invalid-args.js';
import { labApi, resolveDevice, type LabOptions } from './context.js';
import { report, reportUsage } from './output.js';
import { actionText } from './render.js';

/**
 * Checks a device command's arguments against the shared schema (a usage error never leaves
 * this machine), finds the device, sends it, and prints the envelope.
 */
export async function sendAction(command: string, args: Record<string, unknown>, options: LabOptions): Promise<void> {
  if (!isCommandName(command)) {
    reportUsage(command, `unknown command ${command}`, options);
    return;
  }
  const checked = COMMANDS[command].safeParse(args);
  if (!checked.success) {
    reportUsage(command, issuesText(checked.error.issues, 'arguments'), options);
    return;
  }
  const api = labApi(options);
  const device = await resolveDevice(api, options, command);
  if (!device.ok) {
    report(device, options);
    return;
  }
  report(await api.act(device.data, command, args), options, actionText);
}

/** A number from a flag or argument; NaN (caught by the schema) when it is not one. */
export function num(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
