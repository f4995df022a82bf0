import { Command } from 'commander';
import { fail, type Envelope } from '../../core/contract/envelope.js';
import type { LeaseJson } from '../../core/wire/api-views.js';
import type { LabApi } from '../api/lab-api.js';
import { labApi, leaseMemory, myLeases, resolveDevice, withDeviceOption, withLabOptions, type LabOptions } from './context.js';
import { report, reportUsage } from './output.js';

type LeaseOptions = LabOptions & { wait?: boolean; timeout?: string };

const DEFAULT_WAIT_S = 60;

/**
 * Without --device: the device this token already holds (leasing it again renews it), else the
 * first online device nobody holds, else (when waiting) the first online one.
 */
async function pickDevice(api: LabApi, waiting: boolean): Promise<Envelope<string>> {
  const devices = await api.devices();
  if (!devices.ok) return devices;
  const mine = await myLeases(api, 'lease');
  if (!mine.ok) return mine;
  const online = devices.data.devices.filter((d) => d.state === 'online');
  const choice = online.find((d) => d.lease && mine.data[d.id] === d.lease.leaseId) ?? online.find((d) => !d.lease) ?? (waiting ? online[0] : undefined);
  if (choice) return { version: '1', ok: true, command: 'lease', data: choice.id };
  if (online.length === 0) {
    return fail('lease', 'DEVICE_UNAVAILABLE', 'no device is online', { hint: 'is a worker running? `simlab doctor`', retryAfterMs: 1000 });
  }
  return fail('lease', 'DEVICE_BUSY', `all ${online.length} online device(s) are leased`, {
    hint: 'queue with `simlab lease --wait`, or name one with --device',
    details: { holders: online.map((d) => ({ device: d.id, holder: d.lease?.holder, until: d.lease?.until })) },
  });
}

export function leaseCommand(): Command {
  return withLabOptions(new Command('lease'))
    .description('take control of a device (any free one unless --device)')
    .option('--device <id>', 'the device to lease')
    .option('--wait', 'queue for the device when it is busy, instead of failing with DEVICE_BUSY')
    .option('--timeout <seconds>', `how long --wait queues (default ${DEFAULT_WAIT_S})`)
    .action(async (options: LeaseOptions) => {
      let waitMs: number | undefined;
      if (options.timeout !== undefined && !options.wait) return reportUsage('lease', '--timeout only goes with --wait', options);
      if (options.wait) {
        const seconds = options.timeout === undefined ? DEFAULT_WAIT_S : Number(options.timeout);
        if (!Number.isFinite(seconds) || seconds < 0 || seconds > 600) {
          return reportUsage('lease', `--timeout wants seconds from 0 to 600, got "${options.timeout}"`, options);
        }
        waitMs = Math.round(seconds * 1000);
      }
      const api = labApi(options);
      const device = options.device ? { ok: true as const, data: options.device } : await pickDevice(api, waitMs !== undefined);
      if (!device.ok) return report(device, options);
      const answer = await api.acquireLease({ deviceId: device.data, ...(waitMs !== undefined ? { waitMs } : {}) });
      if (answer.ok) leaseMemory(api).remember(answer.data.deviceId, answer.data.id);
      report(answer, options, leaseText);
    });
}

export function releaseCommand(): Command {
  return withDeviceOption(new Command('release'))
    .description('give a leased device back')
    .action(async (options: LabOptions) => {
      const api = labApi(options);
      const device = await resolveDevice(api, options, 'release');
      if (!device.ok) return report(device, options);
      const mine = await myLeases(api, 'release');
      if (!mine.ok) return report(mine, options);
      const leaseId = mine.data[device.data] ?? (await leaseOnDevice(api, device.data));
      if (!leaseId) return report(fail('release', 'NOT_FOUND', `${device.data} has no live lease`), options);
      const answer = await api.releaseLease(leaseId);
      if (answer.ok) leaseMemory(api).forget(device.data);
      report(answer, options, () => `released ${device.data}`);
    });
}

/** The live lease on a device (the hub then decides whether it is ours to release). */
async function leaseOnDevice(api: LabApi, deviceId: string): Promise<string | undefined> {
  const live = await api.leases();
  return live.ok ? live.data.leases.find((l) => l.deviceId === deviceId)?.id : undefined;
}

function leaseText(lease: LeaseJson): string {
  return `leased ${lease.deviceId} (lease ${lease.id}${lease.until ? `, until ${lease.until}` : ''})`;
}
