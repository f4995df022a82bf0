import { Command } from 'commander';
import type { DeviceSummary } from '../api/lab-api.js';
import { labApi, withLabOptions, type LabOptions } from './context.js';
import { report } from './output.js';

export function devicesCommand(): Command {
  return withLabOptions(new Command('devices'))
    .description('list the lab\'s devices: platform, state, who holds each')
    .action(async (options: LabOptions) => {
      report(await labApi(options).devices(), options, (data) => devicesTable(data.devices));
    });
}

export function devicesTable(devices: DeviceSummary[]): string {
  if (devices.length === 0) return 'no devices (is a worker running? `simlab doctor`)';
  const rows = devices.map((d) => [
    d.id,
    d.platform,
    d.state ?? '',
    d.size ? `${d.size.w}x${d.size.h}` : '',
    d.name ?? d.model ?? '',
    d.lease ? `leased by ${d.lease.actor ?? d.lease.holder ?? 'someone'}${d.lease.mine ? ' (you)' : ''}` : 'free',
  ]);
  const header = ['DEVICE', 'PLATFORM', 'STATE', 'SIZE', 'NAME', 'LEASE'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}
