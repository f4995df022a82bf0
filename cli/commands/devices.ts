import { Command } from 'commander';
import type { DeviceJson } from '../../core/wire/api-views.js';
import { labApi, leaseMemory, withLabOptions, type LabOptions } from './context.js';
import { report } from './output.js';

export function devicesCommand(): Command {
  return withLabOptions(new Command('devices'))
    .description('list the lab\'s devices: platform, state, who holds each; for phones the frame path (its measured rate; --json says why it was picked), battery and helpers')
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
    framesCell(d.status),
    batteryCell(d.status),
  ]);
  const header = ['DEVICE', 'PLATFORM', 'STATE', 'SIZE', 'NAME', 'LEASE', 'FRAMES', 'BATTERY'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}

/** `screenrecord 8.2fps` (the rate measured while it last streamed), `screencap` before it streamed. */
function framesCell(status: DeviceJson['status']): string {
  const f = status?.frames;
  if (!f) return '';
  return f.fps === null ? f.path : `${f.path} ${f.fps}fps`;
}

/** `85% 29.2C charging`. */
function batteryCell(status: DeviceJson['status']): string {
  const b = status?.battery;
  if (!b) return '';
  return [b.level === null ? '' : `${b.level}%`, b.temperatureC === null ? '' : `${b.temperatureC}C`, b.charging ? 'charging' : ''].filter(Boolean).join(' ');
}
