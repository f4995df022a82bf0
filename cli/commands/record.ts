import { Command } from 'commander';
import { fail } from '../../core/contract/envelope.js';
import type { RecordingStateJson } from '../../core/wire/replay-views.js';
import { labApi, myLeases, resolveDevice, withDeviceOption, type LabOptions } from './context.js';
import { report } from './output.js';

function stateText(state: RecordingStateJson): string {
  if (state.recordingId) return `recording (${state.recordingId})`;
  return state.wanted ? `recording wanted but not running${state.error ? `: ${state.error}` : ''}` : 'not recording';
}

function toggle(on: boolean): Command {
  const name = on ? 'start' : 'stop';
  const command = `record.${name}`;
  return withDeviceOption(new Command(name))
    .description(on ? 'record the leased device to video (agents are recorded by default)' : 'stop recording the leased device')
    .action(async (options: LabOptions) => {
      const api = labApi(options);
      const device = await resolveDevice(api, options, command);
      if (!device.ok) return report(device, options);
      const mine = await myLeases(api, command);
      if (!mine.ok) return report(mine, options);
      const leaseId = mine.data[device.data];
      if (!leaseId) return report(fail(command, 'LEASE_REQUIRED', `this token holds no lease on ${device.data}`, { hint: '`simlab lease` first' }), options);
      report(await api.setRecording(leaseId, on), options, stateText);
    });
}

/** `simlab record start|stop`: the holder's toggle for recording its lease. */
export function recordCommand(): Command {
  return new Command('record').description('record the leased device to video, or stop').addCommand(toggle(true)).addCommand(toggle(false));
}
