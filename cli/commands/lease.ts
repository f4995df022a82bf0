import { Command } from 'commander';
import type { LeaseSummary } from '../api/lab-api.js';
import { labApi, resolveDevice, withDeviceOption, withLabOptions, type LabOptions } from './context.js';
import { report, reportUsage } from './output.js';

type LeaseOptions = LabOptions & { wait?: boolean; timeout?: string };

const DEFAULT_WAIT_S = 60;

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
        if (!Number.isFinite(seconds) || seconds < 0) return reportUsage('lease', `--timeout wants seconds, got "${options.timeout}"`, options);
        waitMs = Math.round(seconds * 1000);
      }
      const api = labApi(options);
      const answer = await api.acquireLease({ ...(options.device ? { deviceId: options.device } : {}), ...(waitMs !== undefined ? { waitMs } : {}) });
      report(answer, options, (data) => leaseText(data.lease));
    });
}

export function releaseCommand(): Command {
  return withDeviceOption(new Command('release'))
    .description('give a leased device back')
    .action(async (options: LabOptions) => {
      const api = labApi(options);
      const leases = await api.leases();
      if (!leases.ok) return report(leases, options);
      const device = await resolveDevice(api, options, 'release');
      if (!device.ok) return report(device, options);
      const lease = leases.data.leases.find((l) => l.deviceId === device.data);
      if (!lease) return reportUsage('release', `this token holds no lease on ${device.data}`, options);
      report(await api.releaseLease(lease.id), options, () => `released ${device.data}`);
    });
}

function leaseText(lease: LeaseSummary): string {
  const until = lease.expiresAt === undefined ? '' : ` until ${new Date(lease.expiresAt).toISOString()}`;
  return `leased ${lease.deviceId} (lease ${lease.id}${until})`;
}
