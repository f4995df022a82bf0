import type { DeviceBridge } from '../bridge.js';

/** One device a provider started, under the id the hub will know it by. */
export interface ProvidedDevice {
  id: string;
  bridge: DeviceBridge;
}

export interface ProviderContext {
  /** Prefix for device ids, so two workers never announce the same id. */
  workerId: string;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}

/** The devices of one platform on this host, and how to stop them all (no orphan processes). */
export interface ProvidedDevices {
  devices: ProvidedDevice[];
  close(): Promise<void>;
  /**
   * For platforms whose devices come and go after start (phones plugged in, unplugged,
   * unauthorized): the listener is called after `devices` changed.
   */
  onDevicesChanged?(listener: () => void): void;
}

/** A platform's way to find or start its devices; a new platform adds one provider to the registry. */
export interface DeviceProvider {
  platform: string;
  start(context: ProviderContext): Promise<ProvidedDevices>;
}

/** The listeners of a provider whose device list changes after start. */
export class DeviceListChanges {
  private readonly listeners: Array<() => void> = [];

  /** Fits ProvidedDevices.onDevicesChanged. */
  readonly subscribe = (listener: () => void): void => {
    this.listeners.push(listener);
  };

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
