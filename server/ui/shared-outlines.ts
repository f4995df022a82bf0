import type { OutlineUpdate } from '../../core/wire/ui-protocol.js';
import type { Actions } from '../actions/actions.js';
import { DEFAULT_DEADLINE_MS } from '../actions/deadline.js';
import { OutlineWatch } from './outline-watch.js';
import type { UiSocket, Viewer } from './viewer.js';

/** One outline watch per device and token (a token reads in one scope), shared by its open pages. */
interface SharedOutline {
  watch: OutlineWatch;
  deviceId: string;
  sockets: Set<UiSocket>;
  latest: OutlineUpdate | null;
}

/** The live outlines the dashboard's pages follow, read once per device and token however many pages show them. */
export class SharedOutlines {
  private readonly outlines = new Map<string, SharedOutline>();

  constructor(private readonly actions: Actions) {}

  static key(deviceId: string, viewer: Viewer): string {
    return `${deviceId}\n${viewer.actor.tokenId}`;
  }

  follow(viewer: Viewer, deviceId: string): void {
    const key = SharedOutlines.key(deviceId, viewer);
    if (viewer.outlines.has(key)) return;
    viewer.outlines.add(key);
    const existing = this.outlines.get(key);
    if (existing) {
      existing.sockets.add(viewer.socket);
      if (existing.latest) viewer.socket.emit('outline', existing.latest);
      return;
    }
    const actor = viewer.actor;
    const read = () =>
      this.actions.observe(actor, deviceId, 'outline', { format: 'json', text: true, wait: false, interactive: false, skeleton: false, raw: false }, DEFAULT_DEADLINE_MS);
    const entry: Omit<SharedOutline, 'watch'> = { deviceId, sockets: new Set([viewer.socket]), latest: null };
    const watch = new OutlineWatch(
      deviceId,
      read,
      (update) => {
        entry.latest = update;
        for (const sock of entry.sockets) sock.emit('outline', update);
      },
      (message) => {
        for (const sock of entry.sockets) sock.emit('outline:error', { deviceId, message });
      },
    );
    this.outlines.set(key, Object.assign(entry, { watch }));
  }

  unfollow(viewer: Viewer, key: string): void {
    viewer.outlines.delete(key);
    const shared = this.outlines.get(key);
    if (!shared) return;
    shared.sockets.delete(viewer.socket);
    if (shared.sockets.size > 0) return;
    shared.watch.close();
    this.outlines.delete(key);
  }

  /** An action finished on the device: its outlines are read again now. */
  deviceActed(deviceId: string): void {
    for (const shared of this.outlines.values()) if (shared.deviceId === deviceId) shared.watch.poke();
  }

  close(): void {
    for (const shared of this.outlines.values()) shared.watch.close();
    this.outlines.clear();
  }
}
