// The Android devices of this host for the worker (SIMLAB_PLATFORMS=...,android):
//   SIMLAB_ADB_HOST / SIMLAB_ADB_PORT  the adb server (default 127.0.0.1:5037)
//   SIMLAB_ADB_CONNECT                 network devices to `adb connect` (host:port, comma list)
//   SIMLAB_ADB_SERIALS                 serve only these serials (default: every device)
// Devices the adb server lists as `device` are served; a device going offline or
// unauthorized keeps its place and answers DEVICE_UNAVAILABLE until it is back.
import { listOf } from '../../config.js';
import type { DeviceProvider, ProvidedDevice, ProviderContext } from '../../providers/provider.js';
import { Adb } from './adb/adbkit.js';
import type { AndroidDevice } from './android-device.js';
import { AdbDiscovery, isUsable, type DeviceStateEvent } from './discovery.js';
import { openAndroidDevice } from './open-device.js';

/** A device id from the worker id and the serial (`emulator-5554`, `192.168.1.7:5555`). */
export function androidDeviceId(workerId: string, serial: string): string {
  return `${workerId}-android-${serial.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
}

export function adbServerFromEnv(env: NodeJS.ProcessEnv): { host: string; port: number } {
  const host = env.SIMLAB_ADB_HOST?.trim() || '127.0.0.1';
  const text = env.SIMLAB_ADB_PORT?.trim() || '5037';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SIMLAB_ADB_PORT must be a port number, not "${text}"`);
  return { host, port };
}

export const androidProvider: DeviceProvider = {
  platform: 'android',
  async start({ workerId, env, log }: ProviderContext) {
    const server = adbServerFromEnv(env);
    const only = listOf(env.SIMLAB_ADB_SERIALS);
    const client = Adb.createClient(server);
    const discovery = new AdbDiscovery(client, { connect: listOf(env.SIMLAB_ADB_CONNECT) ?? [], log });
    const bridges = new Map<string, AndroidDevice>();
    const devices: ProvidedDevice[] = [];
    const describeState = (e: DeviceStateEvent) =>
      e.state === 'unauthorized' ? 'unauthorized: accept the USB debugging prompt on the device' : e.state;
    const onState = (e: DeviceStateEvent) => {
      const bridge = bridges.get(e.serial);
      if (bridge) bridge.state = e.state;
      if (!only || only.includes(e.serial)) log(`android ${e.serial}: ${describeState(e)}${bridge ? '' : ' (not served: it was not usable when the worker started)'}`);
    };
    discovery.on('add', onState);
    discovery.on('change', onState);
    discovery.on('remove', (e) => {
      const bridge = bridges.get(e.serial);
      if (bridge) bridge.state = 'offline';
      log(`android ${e.serial}: gone`);
    });
    const close = async (): Promise<void> => {
      discovery.stop();
      await Promise.allSettled([...bridges.values()].map((b) => b.close()));
    };
    try {
      await discovery.start();
      for (const [serial, state] of discovery.devices) {
        if ((only && !only.includes(serial)) || !isUsable(state)) continue;
        const id = androidDeviceId(workerId, serial);
        const bridge = await openAndroidDevice({ client, serial, id });
        bridges.set(serial, bridge);
        devices.push({ id, bridge });
        log(`${id}: ${bridge.info.name}, ${bridge.info.size.w.toFixed(0)}x${bridge.info.size.h.toFixed(0)} pt, multi-touch ${bridge.capabilities.multiTouch ? 'yes' : `no (${bridge.capabilities.reasons?.multiTouch ?? ''})`}`);
      }
    } catch (err) {
      await close();
      throw err;
    }
    return { devices, close };
  },
};
