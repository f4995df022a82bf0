import type { Namespace } from 'socket.io';
import type { DeviceViewer, DeviceViewers, UiClientEvents, UiServerEvents } from '../../core/wire/ui-protocol.js';
import type { Actor } from '../auth/actor.js';

/** The most people a viewers list names: a crowd beyond that is summed up by the page. */
const MAX_LISTED = 50;
/** Opening and leaving pages come in bursts (a reload is both): one update a moment later. */
const SETTLE_MS = 50;

/** What the /ui namespace keeps on each socket (socket.data), readable from every hub. */
export interface ViewerData {
  viewer?: Pick<Actor, 'tokenId' | 'name' | 'role'>;
}

type UiNamespace = Namespace<UiClientEvents, UiServerEvents>;

export const deviceRoom = (deviceId: string) => `device:${deviceId}`;

/**
 * Who has a device page open: the sockets in the device's room, on this hub and (through the
 * adapter, Redis with several hubs) on every other, counted per token. Whenever a page joins or
 * leaves, the device's watchers are told the new list.
 */
export class DevicePresence {
  private changed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly nsp: UiNamespace) {}

  async viewersOf(deviceId: string): Promise<DeviceViewers> {
    const sockets = await this.nsp.in(deviceRoom(deviceId)).fetchSockets();
    const byToken = new Map<string, DeviceViewer>();
    for (const socket of sockets) {
      const v = (socket.data as ViewerData).viewer;
      if (!v) continue;
      const seen = byToken.get(v.tokenId);
      if (seen) seen.pages += 1;
      else byToken.set(v.tokenId, { name: v.name, role: v.role, pages: 1 });
    }
    const viewers = [...byToken.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, MAX_LISTED);
    return { deviceId, viewers };
  }

  /** Someone opened or left this device's page. */
  deviceChanged(deviceId: string): void {
    this.changed.add(deviceId);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const ids = this.changed;
      this.changed = new Set();
      for (const id of ids) {
        this.viewersOf(id).then(
          (list) => this.nsp.to(deviceRoom(id)).emit('viewers', list),
          () => undefined,
        );
      }
    }, SETTLE_MS);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
