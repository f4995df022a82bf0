import type { Namespace } from 'socket.io';
import type { DeviceSummary, UiClientEvents, UiServerEvents } from '../../core/wire/ui-protocol.js';
import type { HubServices } from '../api/services.js';
import { deviceJson } from '../api/views.js';

/** Devices as pages list them: presence, description and who holds each. */
export async function deviceSummaries(s: HubServices, ids?: Set<string>): Promise<DeviceSummary[]> {
  const leases = new Map((await s.store.listLiveLeases(Date.now())).map((l) => [l.deviceId, l]));
  return s.workers
    .devices()
    .filter((v) => !ids || ids.has(v.id))
    .map((v) => deviceJson(v, leases.get(v.id)));
}

/**
 * Tells watching pages when devices come, go or change hands. Presence and lease changes come in
 * bursts: they are sent together, a moment later.
 */
export class DeviceBroadcast {
  private changed = new Set<string>();
  private flush: NodeJS.Timeout | null = null;
  private readonly off: Array<() => void>;

  constructor(
    private readonly nsp: Namespace<UiClientEvents, UiServerEvents>,
    private readonly s: HubServices,
  ) {
    const changed = (deviceId: string) => this.deviceChanged(deviceId);
    this.off = [s.workers.onChange(changed), s.leases.onChange(changed)];
  }

  private deviceChanged(deviceId: string): void {
    this.changed.add(deviceId);
    this.flush ??= setTimeout(() => {
      this.flush = null;
      const ids = this.changed;
      this.changed = new Set();
      void deviceSummaries(this.s).then((all) => {
        this.nsp.to('devices').emit('devices', all);
        for (const d of all) if (ids.has(d.id)) this.nsp.to(`device:${d.id}`).emit('device', d);
      }, () => undefined);
    }, 50);
  }

  close(): void {
    if (this.flush) clearTimeout(this.flush);
    for (const off of this.off) off();
  }
}
