import { fail, type Envelope } from '../contract/envelope.js';
import type { DeviceJson } from '../wire/api-views.js';
import type { LabCall } from './lab-call.js';

const ok = <T>(command: string, data: T): Envelope<T> => ({ version: '1', ok: true, command, data });

/** The lab's devices and the name of the token calling. */
async function devicesAndMe(call: LabCall, command: string): Promise<Envelope<{ devices: DeviceJson[]; me: string }>> {
  const me = await call({ command, method: 'GET', path: '/me' });
  if (!me.ok) return me;
  const devices = await call({ command, method: 'GET', path: '/devices' });
  if (!devices.ok) return devices;
  return ok(command, { devices: (devices.data as { devices: DeviceJson[] }).devices, me: (me.data as { name: string }).name });
}

/**
 * The device a tool is for: the one given, else the only device this token holds a lease on,
 * else (for observing) the only device in the lab, as the CLI chooses.
 */
export async function chooseDevice(call: LabCall, command: string, given: string | undefined, observe: boolean): Promise<Envelope<string>> {
  if (given !== undefined) return ok(command, given);
  const seen = await devicesAndMe(call, command);
  if (!seen.ok) return seen;
  const mine = seen.data.devices.filter((d) => d.lease?.holder === seen.data.me);
  if (mine.length === 1 && mine[0]) return ok(command, mine[0].id);
  if (mine.length > 1) return fail(command, 'INVALID_ARGS', `this token holds ${mine.length} leases: say which device`, { details: { devices: mine.map((d) => d.id) } });
  const only = seen.data.devices[0];
  if (observe && seen.data.devices.length === 1 && only) return ok(command, only.id);
  return fail(command, observe ? 'INVALID_ARGS' : 'LEASE_REQUIRED', 'no device given and this token holds no lease', {
    hint: 'call lease first (or pass device; the devices tool lists them)',
  });
}

/** A device to lease: the one given, else the first online device nobody holds. */
export async function freeDevice(call: LabCall, given: string | undefined): Promise<Envelope<string>> {
  if (given !== undefined) return ok('lease', given);
  const seen = await devicesAndMe(call, 'lease');
  if (!seen.ok) return seen;
  const free = seen.data.devices.find((d) => d.state === 'online' && d.lease === null);
  if (free) return ok('lease', free.id);
  return fail('lease', 'DEVICE_BUSY', 'every device is leased or offline', { delivery: 'not_delivered', hint: 'pass a device and wait_ms to queue for it' });
}

/** The lease this token holds on a device. */
export async function myLeaseOn(call: LabCall, device: string): Promise<Envelope<string>> {
  const seen = await devicesAndMe(call, 'release');
  if (!seen.ok) return seen;
  const lease = seen.data.devices.find((d) => d.id === device)?.lease;
  if (lease && lease.holder === seen.data.me) return ok('release', lease.leaseId);
  return fail('release', 'NOT_FOUND', `this token holds no lease on ${device}`);
}
