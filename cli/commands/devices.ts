import { Command } from 'commander';
import type { DeviceJson } from '../../core/wire/api-views.js';
import { labApi, leaseMemory, withLabOptions, type LabOptions } from './context.js';
import { report } from './output.js';

export function devicesCommand(): Command {
  return withLabOptions(new Command('devices'))
    .description('list the lab\'s devices: platform, state, who holds each')
    .action(async (options: LabOptions) => {
      const api = labApi(options);
      const mine = new Set(Object.values(leaseMemory(api).all()));
      report(await api.devices(), options, (data) => devicesTable(data.devices, mine));
    });
}

function devicesTable(devices: DeviceJson[], myLeaseIds: ReadonlySet<string>): string {
  if (devices.length === 0) return 'no devices (is a worker running? `simlab doctor`)';
  const rows = devices.map((d) => [
    d.id,
    d.platform,
    d.state ?? '',
    d.size ? `${d.size.w}x${d.size.h}` : '',
    d.name ?? d.model ?? '',
    d.lease ? `${d.lease.holder}${myLeaseIds.has(d.lease.leaseId) ? ' (you)' : ''} until ${d.lease.until}` : 'free',
  ]);
  const header = ['DEVICE', 'PLATFORM', 'STATE', 'SIZE', 'NAME', 'LEASE'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}
