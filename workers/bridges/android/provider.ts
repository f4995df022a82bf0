// The Android devices of this host for the worker (SIMLAB_PLATFORMS=...,android):
//   SIMLAB_ADB_HOST / SIMLAB_ADB_PORT  the adb server (default 127.0.0.1:5037)
//   SIMLAB_ADB_CONNECT                 network devices to `adb connect` (host:port, comma list)
//   SIMLAB_ADB_SERIALS                 serve only these serials (default: every device)
//   SIMLAB_ANDROID_UIA2                auto (default: the UiAutomator2 server on phones that refuse
//                                      sendevent), on (every device) or off
// A device is announced while the adb server lists it as usable (`device`); going offline,
// unauthorized or away withdraws it (its bridge answers DEVICE_UNAVAILABLE meanwhile) and it
// is announced again, under the same id, when it is back. Devices plugged in later join.
import { listOf } from '../../config.js';
import { DeviceListChanges, type DeviceProvider, type ProvidedDevice, type ProviderContext } from '../../providers/provider.js';
import { Adb } from './adb/adbkit.js';
import type { AndroidDevice } from './android-device.js';
import { AdbDiscovery, isUsable, type DeviceStateEvent } from './discovery.js';
import { openAndroidDevice, uia2ModeOf } from './open-device.js';

/** A device id from the worker id and the serial (`emulator-5554`, `192.168.1.7:5555`). */
export function androidDeviceId(workerId: string, serial: string): string {
  return `${workerId}-android-${serial.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
}

function adbServerFromEnv(env: NodeJS.ProcessEnv): { host: string; port: number } {
  const host = env.SIMLAB_ADB_HOST?.trim() || '127.0.0.1';
  const text = env.SIMLAB_ADB_PORT?.trim() || '5037';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SIMLAB_ADB_PORT must be a port number, not "${text}"`);
  return { host, port };
}

function stateText(state: string): string {
  return state === 'unauthorized' ? 'unauthorized: accept the USB debugging prompt on the device' : state;
}

export const androidProvider: DeviceProvider = {
  platform: 'android',
  async start({ workerId, env, log }: ProviderContext) {
    const server = adbServerFromEnv(env);
    const only = listOf(env.SIMLAB_ADB_SERIALS);
    const uia2 = uia2ModeOf(env.SIMLAB_ANDROID_UIA2);
    const client = Adb.createClient(server);
    const discovery = new AdbDiscovery(client, { connect: listOf(env.SIMLAB_ADB_CONNECT) ?? [], log });
    const bridges = new Map<string, AndroidDevice>();
    const opening = new Map<string, Promise<void>>();
    const devices: ProvidedDevice[] = [];
    const changes = new DeviceListChanges();
    let closed = false;

    const announce = () => {
      const usable = [...bridges.entries()].filter(([serial]) => isUsable(discovery.devices.get(serial)));
      const next = usable.map(([, bridge]) => ({ id: bridge.info.id, bridge }));
      const same = next.length === devices.length && next.every((d, i) => devices[i]?.bridge === d.bridge);
      if (same) return;
      devices.splice(0, devices.length, ...next);
      changes.notify();
    };

    const open = (serial: string): Promise<void> => {
      const pending = opening.get(serial);
      if (pending) return pending;
      const id = androidDeviceId(workerId, serial);
      const run = openAndroidDevice({ client, serial, id, uia2, log })
        .then(async (bridge) => {
          if (closed) return bridge.close();
          bridges.set(serial, bridge);
          // Battery, frame rate or helper changed: announce the device again.
          bridge.onStatusChange = () => changes.notify();
          log(`${id}: ${bridge.info.name}, ${bridge.info.size.w.toFixed(0)}x${bridge.info.size.h.toFixed(0)} pt, multi-touch ${bridge.capabilities.multiTouch ? 'yes' : `no (${bridge.capabilities.reasons?.multiTouch ?? ''})`}, frames: ${bridge.status().frames?.reason ?? ''}`);
        })
        .catch((err: unknown) => log(`android ${serial}: cannot open (${err instanceof Error ? err.message : String(err)})`))
        .finally(() => opening.delete(serial));
      opening.set(serial, run);
      return run;
    };

    const onState = (e: DeviceStateEvent): void => {
      if (only && !only.includes(e.serial)) return;
      const bridge = bridges.get(e.serial);
      if (bridge) bridge.state = e.state;
      log(`android ${e.serial}: ${stateText(e.state)}`);
      if (isUsable(e.state) && !bridge) void open(e.serial).then(announce);
      else announce();
    };
    discovery.on('add', onState);
    discovery.on('change', onState);
    discovery.on('remove', (e) => onState({ ...e, state: 'offline' }));

    const close = async (): Promise<void> => {
      closed = true;
      discovery.stop();
      await Promise.allSettled(opening.values());
      await Promise.allSettled([...bridges.values()].map((b) => b.close()));
    };
    try {
      await discovery.start();
      await Promise.all(opening.values());
      announce();
    } catch (err) {
      await close();
      throw err;
    }
    return {
      devices,
      close,
      onDevicesChanged: changes.subscribe,
    };
  },
};
