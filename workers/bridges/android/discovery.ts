// Which devices the adb server has and in what state: adbkit's device tracking (USB and TCP
// alike), a periodic listing beside it (adb 1.0.41 does not push every change of a TCP device,
// e.g. offline -> unauthorized), and `adb connect` for network devices, again whenever the
// server lost them (an adb server restart forgets TCP devices).
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdbClient, AdbDeviceState, AdbTracker } from './adb/adbkit.js';

export interface DeviceStateEvent {
  serial: string;
  state: AdbDeviceState;
  /** The state before, for `change`. */
  previous?: AdbDeviceState;
}

export interface DiscoveryEvents {
  add: [DeviceStateEvent];
  change: [DeviceStateEvent];
  remove: [DeviceStateEvent];
}

export interface AdbDiscoveryOptions {
  /** Network devices to `adb connect`, as host:port. */
  connect?: string[];
  /** How often to list the devices and re-connect network devices the server lost. */
  pollMs?: number;
  log?: (message: string) => void;
}

interface TrackedDevice {
  id: string;
  type: AdbDeviceState;
}

/** States a device passes through on its way to `device` or `unauthorized`. */
const SETTLING: ReadonlySet<string> = new Set(['offline', 'unknown', 'connecting', 'authorizing']);

export function isUsable(state: AdbDeviceState | undefined): boolean {
  return state === 'device' || state === 'emulator';
}

export class AdbDiscovery extends EventEmitter<DiscoveryEvents> {
  private readonly states = new Map<string, AdbDeviceState>();
  private tracker: AdbTracker | undefined;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: AdbClient,
    private readonly options: AdbDiscoveryOptions = {},
  ) {
    super();
  }

  /** The devices the adb server lists now, by serial. */
  get devices(): ReadonlyMap<string, AdbDeviceState> {
    return this.states;
  }

  /**
   * Connects the network devices and starts tracking; resolves once the server's list is
   * known and every connected device left its transitional states (or `readyWithinMs` passed).
   */
  async start(readyWithinMs = 10_000): Promise<void> {
    await this.track();
    await Promise.all((this.options.connect ?? []).map((target) => this.connect(target)));
    const deadline = Date.now() + readyWithinMs;
    const targets = (this.options.connect ?? []).map(normalizeTarget);
    while (Date.now() < deadline && targets.some((t) => !this.states.has(t) || SETTLING.has(this.states.get(t) as string))) {
      await sleep(100);
      await this.refresh();
    }
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollMs ?? 1000);
    this.pollTimer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.pollTimer);
    this.tracker?.end();
    this.tracker = undefined;
  }

  private async connect(target: string): Promise<void> {
    const [host = '', port = '5555'] = target.split(':');
    try {
      await this.client.connect(host, Number(port));
    } catch (err) {
      // An unauthorized device fails the handshake but stays listed: tracking reports it.
      this.options.log?.(`adb connect ${target}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private polling = false;

  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      await this.refresh();
      await this.reconnectMissing();
    } finally {
      this.polling = false;
    }
  }

  /** Reconciles with the server's list now. */
  private async refresh(): Promise<void> {
    let listed: TrackedDevice[];
    try {
      listed = await this.client.listDevices();
    } catch {
      return;
    }
    if (this.stopped) return;
    for (const d of listed) this.set(d.id, d.type);
    const present = new Set(listed.map((d) => d.id));
    for (const [serial, previous] of [...this.states]) {
      if (present.has(serial)) continue;
      this.states.delete(serial);
      this.emit('remove', { serial, state: 'offline', previous });
    }
  }

  private async reconnectMissing(): Promise<void> {
    for (const target of (this.options.connect ?? []).map(normalizeTarget)) {
      if (!this.stopped && !this.states.has(target)) await this.connect(target);
    }
  }

  private async track(): Promise<void> {
    const tracker = await this.client.trackDevices();
    this.tracker = tracker;
    tracker.on('add', (d: TrackedDevice) => this.set(d.id, d.type));
    tracker.on('change', (d: TrackedDevice) => this.set(d.id, d.type));
    tracker.on('remove', (d: TrackedDevice) => {
      const previous = this.states.get(d.id);
      this.states.delete(d.id);
      this.emit('remove', { serial: d.id, state: 'offline', ...(previous ? { previous } : {}) });
    });
    tracker.on('error', (err: Error) => this.options.log?.(`adb device tracking: ${err.message}`));
    tracker.on('end', () => void this.retrack());
    // The tracker may have read its first list before these listeners were attached.
    await this.refresh();
  }

  /** The adb server went away (restart): every device is gone until tracking works again. */
  private async retrack(): Promise<void> {
    if (this.stopped) return;
    for (const [serial, previous] of this.states) this.emit('remove', { serial, state: 'offline', previous });
    this.states.clear();
    while (!this.stopped) {
      await sleep(1000);
      try {
        await this.track();
        await this.reconnectMissing();
        return;
      } catch (err) {
        this.options.log?.(`adb device tracking: ${err instanceof Error ? err.message : String(err)}; retrying`);
      }
    }
  }

  private set(serial: string, state: AdbDeviceState): void {
    const previous = this.states.get(serial);
    if (previous === state) return;
    this.states.set(serial, state);
    if (previous === undefined) this.emit('add', { serial, state });
    else this.emit('change', { serial, state, previous });
  }
}

/** `host` means port 5555, as `adb connect` assumes. */
function normalizeTarget(target: string): string {
  return target.includes(':') ? target : `${target}:5555`;
}
