import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Envelope } from '../../core/contract/index.js';

/** What the hub reads when Prometheus scrapes. */
export interface MetricSources {
  devices(): Array<{ online: boolean; descriptor: { platform: string } }>;
  liveLeases(): Promise<number>;
  viewers(): number;
}

/** Frames within this window count towards a device's stream fps. */
const FPS_WINDOW_MS = 5000;

/**
 * The hub's Prometheus metrics on a registry of its own (several hubs may share a process in
 * tests): devices by state, live leases, commands by outcome with a latency histogram, dashboard
 * viewers and each streaming device's frames per second.
 */
export class HubMetrics {
  readonly registry = new Registry();
  private readonly commands: Counter<'command' | 'outcome'>;
  private readonly latency: Histogram<'command'>;
  private readonly frames: Counter<'device'>;
  private readonly frameTimes = new Map<string, number[]>();

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'simlab_devices',
      help: 'Devices known to this hub, by state and platform',
      labelNames: ['state', 'platform'],
      registers,
      collect() {
        this.reset();
        for (const d of sources.devices()) this.inc({ state: d.online ? 'online' : 'offline', platform: d.descriptor.platform });
      },
    });
    new Gauge({
      name: 'simlab_leases_live',
      help: 'Live leases (in the shared store, so the same on every hub)',
      registers,
      async collect() {
        this.set(await sources.liveLeases());
      },
    });
    new Gauge({
      name: 'simlab_viewers',
      help: 'Dashboard sockets connected to this hub',
      registers,
      collect() {
        this.set(sources.viewers());
      },
    });
    const frameTimes = this.frameTimes;
    new Gauge({
      name: 'simlab_stream_fps',
      help: `Frames per second each streaming device sent to this hub over the last ${FPS_WINDOW_MS / 1000} s`,
      labelNames: ['device'],
      registers,
      collect() {
        this.reset();
        const since = Date.now() - FPS_WINDOW_MS;
        for (const [device, times] of frameTimes) {
          const recent = times.filter((t) => t >= since);
          if (recent.length === 0) frameTimes.delete(device);
          else {
            frameTimes.set(device, recent);
            this.set({ device }, recent.length / (FPS_WINDOW_MS / 1000));
          }
        }
      },
    });
    this.commands = new Counter({ name: 'simlab_commands_total', help: 'Commands routed to workers, by command and outcome (ok or the error code)', labelNames: ['command', 'outcome'], registers });
    this.latency = new Histogram({
      name: 'simlab_command_duration_seconds',
      help: 'Time from dispatch to the worker until its answer',
      labelNames: ['command'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.frames = new Counter({ name: 'simlab_stream_frames_total', help: 'Frames received from workers, by device', labelNames: ['device'], registers });
  }

  commandDone(command: string, envelope: Envelope, seconds: number): void {
    this.commands.inc({ command, outcome: envelope.ok ? 'ok' : envelope.error.code });
    this.latency.observe({ command }, seconds);
  }

  frame(deviceId: string): void {
    this.frames.inc({ device: deviceId });
    const times = this.frameTimes.get(deviceId) ?? [];
    times.push(Date.now());
    // Bounded: a device never keeps more than a few seconds of 60 fps.
    if (times.length > 600) times.splice(0, times.length - 600);
    this.frameTimes.set(deviceId, times);
  }
}
