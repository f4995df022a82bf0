// adbkit is CommonJS: under Node's ESM loader its default import is the whole module.exports,
// so the client factory is `.Adb`. Types come from the factory, not from deep paths.
import adbkit from '@devicefarmer/adbkit';

export const Adb = adbkit.Adb;
export type AdbClient = ReturnType<typeof Adb.createClient>;
export type AdbDeviceClient = ReturnType<AdbClient['getDevice']>;
export type AdbConnection = Awaited<ReturnType<AdbDeviceClient['transport']>>;
export type AdbTracker = Awaited<ReturnType<AdbClient['trackDevices']>>;
/** adbkit's device states: `device`, `emulator`, `offline`, `unauthorized`, `unknown`. */
export type AdbDeviceState = Awaited<ReturnType<AdbClient['listDevices']>>[number]['type'];
