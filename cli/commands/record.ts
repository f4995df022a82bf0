import { Command } from 'commander';
import { fail } from '../../core/contract/envelope.js';
import type { RecordingStateJson } from '../../core/wire/replay-views.js';
import { labApi, myLeases, resolveDevice, withDeviceOption, type LabOptions } from './context.js';
import { report } from './output.js';

function stateText(state: RecordingStateJson): string {
  if (state.recordingId) return `recording (${state.recordingId})`;
  return state.wanted ? `recording wanted but not running${state.error ? `: ${state.error}` : ''}` : 'not recording';
}

const DESCRIPTIONS = {
  start: 'record the leased device to video (agents are recorded by default)',
  stop: 'stop recording the leased device',
  status: 'whether the leased device is being recorded, and why not (a recording that ended early says why)',
};

function subcommand(name: 'start' | 'stop' | 'status'): Command {
  const command = `record.${name}`;
  return withDeviceOption(new Command(name))
    .description(DESCRIPTIONS[name])
    .action(async (options: LabOptions) => {
      const api = labApi(options);
      const device = await resolveDevice(api, options, command);
      if (!device.ok) return report(device, options);
      const mine = await myLeases(api, command);
      if (!mine.ok) return report(mine, options);
      const leaseId = mine.data[device.data];
      if (!leaseId) return report(fail(command, 'LEASE_REQUIRED', `this token holds no lease on ${device.data}`, { hint: '`simlab lease` first' }), options);
      report(await (name === 'status' ? api.recordingState(leaseId) : api.setRecording(leaseId, name === 'start')), options, stateText);
    });
}

/** `simlab record start|stop|status`: the holder's toggle for recording its lease, and its state. */
export function recordCommand(): Command {
  return new Command('record')
    .description('record the leased device to video, stop, or see whether it is recorded')
    .addCommand(subcommand('start'))
    .addCommand(subcommand('stop'))
    .addCommand(subcommand('status'));
}
