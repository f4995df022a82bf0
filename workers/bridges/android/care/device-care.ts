// Device care for phones on a lab shelf: the battery and temperature, the screen kept on while the
// lab serves the device (and the owner's setting put back after), rotation as a command with
// auto-rotation locked, all through the shell's own tools (dumpsys, settings).
import type { AdbDevice } from '../adb/adb-device.js';

export interface DeviceHealth {
  batteryLevel: number | null;
  charging: boolean | null;
  /** Battery temperature in degrees Celsius (dumpsys prints tenths). */
  temperatureC: number | null;
  screenOn: boolean | null;
}

const field = (text: string, name: string) => new RegExp(`^\\s*${name}: (.+)$`, 'm').exec(text)?.[1]?.trim();

/** `dumpsys battery` and `dumpsys power` read into numbers. */
export function parseHealth(battery: string, power: string): DeviceHealth {
  const level = Number(field(battery, 'level'));
  const scale = Number(field(battery, 'scale') ?? 100);
  const temp = Number(field(battery, 'temperature'));
  const powered = ['AC powered', 'USB powered', 'Wireless powered'].map((n) => field(battery, n)).filter((v) => v !== undefined);
  const wake = /mWakefulness=(\w+)/.exec(power)?.[1];
  return {
    batteryLevel: Number.isFinite(level) && scale > 0 ? Math.round((level / scale) * 100) : null,
    charging: powered.length > 0 ? powered.includes('true') : null,
    temperatureC: Number.isFinite(temp) ? temp / 10 : null,
    screenOn: wake === undefined ? null : wake === 'Awake',
  };
}

export async function readHealth(adb: AdbDevice): Promise<DeviceHealth> {
  const [battery, power] = await Promise.all([adb.run('dumpsys battery'), adb.run('dumpsys power')]);
  return parseHealth(battery.stdout.toString('utf8'), power.stdout.toString('utf8'));
}

/** Keeps the screen on while plugged in; answers the setting to put back. */
export async function stayAwake(adb: AdbDevice): Promise<string> {
  const before = (await adb.run('settings get global stay_on_while_plugged_in')).stdout.toString('utf8').trim();
  await adb.run('settings put global stay_on_while_plugged_in 7');
  return /^\d+$/.test(before) ? before : '0';
}

export async function restoreStayAwake(adb: AdbDevice, value: string): Promise<void> {
  await adb.run(`settings put global stay_on_while_plugged_in ${/^\d+$/.test(value) ? value : '0'}`);
}

/** Locks auto-rotation and turns the screen (0, 90, 180, 270 degrees clockwise). */
export async function rotate(adb: AdbDevice, degrees: 0 | 90 | 180 | 270): Promise<void> {
  await adb.run('settings put system accelerometer_rotation 0');
  await adb.run(`settings put system user_rotation ${degrees / 90}`);
}
