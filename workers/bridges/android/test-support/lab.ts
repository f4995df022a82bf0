// A private adb server (never 5037) with virtual devices connected through `adb connect`, and
// the bridge opened on them through adbkit; everything it starts, close() stops.
import { after, before } from 'node:test';
import { Adb, type AdbClient } from '../adb/adbkit.js';
import { adbConnect, startAdbServer, startVirtualDevice, type AdbServer, type VirtualDevice, type VirtualDeviceOptions } from '../virtual/index.js';
import type { AndroidDevice } from '../android-device.js';
import { openAndroidDevice, type OpenAndroidDeviceOptions } from '../open-device.js';

export interface AndroidLab {
  server: AdbServer;
  client: AdbClient;
  /** Starts a virtual device and connects it to the server; resolves once it is `device` (or the state it settled in). */
  addDevice(options?: VirtualDeviceOptions): Promise<{ vd: VirtualDevice; state: string }>;
  /** A virtual device with the bridge opened on it. */
  open(options?: VirtualDeviceOptions, bridge?: Partial<OpenAndroidDeviceOptions>): Promise<{ vd: VirtualDevice; device: AndroidDevice }>;
  close(): Promise<void>;
}

export async function startAndroidLab(): Promise<AndroidLab> {
  const server = await startAdbServer();
  const client = Adb.createClient({ port: server.port });
  const devices: VirtualDevice[] = [];
  const bridges: AndroidDevice[] = [];
  const addDevice = async (options: VirtualDeviceOptions = {}) => {
    const vd = await startVirtualDevice(options);
    devices.push(vd);
    return { vd, state: await adbConnect(vd.serial, server.port) };
  };
  return {
    server,
    client,
    addDevice,
    open: async (options = {}, bridge = {}) => {
      const { vd, state } = await addDevice(options);
      if (state !== 'device') throw new Error(`${vd.serial} is ${state}`);
      const device = await openAndroidDevice({ client, serial: vd.serial, ...bridge });
      bridges.push(device);
      return { vd, device };
    },
    close: async () => {
      for (const b of bridges) await b.close();
      await server.kill();
      for (const vd of devices) await vd.close();
    },
  };
}

/** A lab for the tests of the enclosing describe: started before them, closed after them. */
export function labForSuite(): () => AndroidLab {
  let lab: AndroidLab | undefined;
  before(async () => {
    lab = await startAndroidLab();
  });
  after(async () => {
    await lab?.close();
  });
  return () => {
    if (!lab) throw new Error('the Android lab starts before the suite\'s tests');
    return lab;
  };
}
