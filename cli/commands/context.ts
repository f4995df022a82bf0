import type { Command } from 'commander';
import { fail, type Envelope } from '../../core/contract/envelope.js';
import { HubClient } from '../api/client.js';
import { resolveConnection } from '../api/connection.js';
import { LabApi } from '../api/lab-api.js';
import { LeaseMemory } from '../api/lease-memory.js';

/** Options every lab command takes. */
export interface LabOptions {
  hub?: string;
  token?: string;
  json?: boolean;
  device?: string;
}

/** Adds --hub, --token and --json: where the lab is, who we are, and envelope output. */
export function withLabOptions(command: Command): Command {
  return command
    .option('--hub <url>', 'hub URL (else SIMLAB_HUB, else the credentials file)')
    .option('--token <token>', 'API token (else SIMLAB_TOKEN, else the credentials file)')
    .option('--json', 'print the whole envelope as JSON');
}

/** Adds --device; it may be left out when this token holds exactly one lease. */
export function withDeviceOption(command: Command): Command {
  return withLabOptions(command).option('--device <id>', 'device id (default: the one device this token has leased)');
}

export function labApi(options: LabOptions): LabApi {
  return new LabApi(new HubClient(resolveConnection(options)));
}

/** The leases this CLI took with this hub and token (remembered next to the credentials file). */
export function leaseMemory(api: LabApi): LeaseMemory {
  const { hub, token } = api.client.connection;
  return new LeaseMemory(hub, token);
}

/**
 * This token's live leases, by device id: what this CLI remembers, checked against the hub;
 * when it remembers none (leased elsewhere), the live leases held under this token's name.
 */
export async function myLeases(api: LabApi, command: string): Promise<Envelope<Record<string, string>>> {
  const live = await api.leases();
  if (!live.ok) return live;
  const memory = leaseMemory(api);
  memory.keepOnly(new Set(live.data.leases.map((l) => l.id)));
  const remembered = memory.all();
  if (Object.keys(remembered).length > 0 || live.data.leases.length === 0) return { version: '1', ok: true, command, data: remembered };
  const me = await api.me();
  if (!me.ok) return { version: '1', ok: true, command, data: remembered };
  const held = Object.fromEntries(live.data.leases.filter((l) => l.holder === me.data.name).map((l) => [l.deviceId, l.id]));
  for (const [deviceId, leaseId] of Object.entries(held)) memory.remember(deviceId, leaseId);
  return { version: '1', ok: true, command, data: held };
}

/**
 * The device a command is for: --device, else the only device this token holds a lease on,
 * else (for observing) the only device in the lab.
 */
export async function resolveDevice(api: LabApi, options: LabOptions, command: string, observe = false): Promise<Envelope<string>> {
  if (options.device) return { version: '1', ok: true, command, data: options.device };
  const leases = await myLeases(api, command);
  if (!leases.ok) return leases;
  const mine = Object.keys(leases.data);
  if (mine.length === 1 && mine[0]) return { version: '1', ok: true, command, data: mine[0] };
  if (mine.length > 1) {
    return fail(command, 'INVALID_ARGS', `this token holds ${mine.length} leases: say which device with --device`, { details: { devices: mine } });
  }
  if (observe) {
    const devices = await api.devices();
    if (!devices.ok) return devices;
    const only = devices.data.devices;
    if (only.length === 1 && only[0]) return { version: '1', ok: true, command, data: only[0].id };
  }
  return fail(command, observe ? 'INVALID_ARGS' : 'LEASE_REQUIRED', 'no device given and this token holds no lease', {
    hint: 'run `simlab lease` first (or pass --device <id>; `simlab devices` lists them)',
  });
}
