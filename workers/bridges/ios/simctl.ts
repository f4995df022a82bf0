import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { SimlabError } from '../../../core/contract/index.js';
import { runTool } from './run-tool.js';
import { explainSimctlFailure, isAlreadyBooted } from './simctl-errors.js';

/** One simulator as `simctl list devices -j` prints it. */
const SimDevice = z.looseObject({
  udid: z.string(),
  name: z.string(),
  state: z.string(),
  isAvailable: z.boolean().optional(),
  deviceTypeIdentifier: z.string().optional(),
});
const DeviceList = z.looseObject({ devices: z.record(z.string(), z.array(SimDevice)) });

export interface Simulator {
  udid: string;
  name: string;
  state: string;
  available: boolean;
  /** `iOS 17.4` from `com.apple.CoreSimulator.SimRuntime.iOS-17-4`. */
  runtime: string;
  deviceType?: string;
}

export function runtimeName(identifier: string): string {
  const m = /SimRuntime\.([A-Za-z]+)-(\d+(?:-\d+)*)/.exec(identifier);
  return m ? `${m[1]} ${(m[2] ?? '').replace(/-/g, '.')}` : identifier;
}

/** Parses `xcrun simctl list devices -j`; iOS devices only (not watchOS, tvOS, visionOS). */
export function parseDeviceList(json: string): Simulator[] {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    throw new SimlabError('DEVICE_UNAVAILABLE', 'simctl printed a device list that is not JSON', { details: { head: json.slice(0, 200) } });
  }
  const parsed = DeviceList.safeParse(doc);
  if (!parsed.success) throw new SimlabError('DEVICE_UNAVAILABLE', 'simctl printed a device list of an unknown shape');
  const out: Simulator[] = [];
  for (const [runtime, devices] of Object.entries(parsed.data.devices)) {
    const name = runtimeName(runtime);
    if (!name.startsWith('iOS')) continue;
    for (const d of devices) {
      const sim: Simulator = { udid: d.udid, name: d.name, state: d.state, available: d.isAvailable !== false, runtime: name };
      if (d.deviceTypeIdentifier) sim.deviceType = d.deviceTypeIdentifier;
      out.push(sim);
    }
  }
  return out;
}

export type Appearance = 'light' | 'dark';

const QUICK_MS = 15_000;
const BOOT_MS = 120_000;
const INSTALL_MS = 300_000;

/** `xcrun simctl`, the verbs the lab uses, with deadlines and errors that say what to do. */
export class Simctl {
  constructor(
    private readonly xcrun = 'xcrun',
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  private async run(args: string[], timeoutMs = QUICK_MS, input?: Buffer | string): Promise<Buffer> {
    const result = await runTool(this.xcrun, ['simctl', ...args], {
      timeoutMs,
      env: this.env,
      explain: explainSimctlFailure,
      ...(input === undefined ? {} : { input }),
    });
    return result.stdout;
  }

  async list(): Promise<Simulator[]> {
    return parseDeviceList((await this.run(['list', 'devices', '-j'])).toString('utf8'));
  }

  /** Boots the simulator and waits until it has finished booting; already booted is fine. */
  async boot(udid: string): Promise<void> {
    try {
      await this.run(['boot', udid], BOOT_MS);
    } catch (err) {
      if (!isAlreadyBooted(err)) throw err;
    }
    await this.run(['bootstatus', udid, '-b'], BOOT_MS);
  }

  async shutdown(udid: string): Promise<void> {
    await this.run(['shutdown', udid], BOOT_MS);
  }

  async erase(udid: string): Promise<void> {
    await this.run(['erase', udid], BOOT_MS);
  }

  async install(udid: string, appPath: string): Promise<void> {
    await this.run(['install', udid, appPath], INSTALL_MS);
  }

  async launch(udid: string, bundleId: string): Promise<void> {
    await this.run(['launch', '--terminate-running-process', udid, bundleId]);
  }

  async terminate(udid: string, bundleId: string): Promise<void> {
    await this.run(['terminate', udid, bundleId]);
  }

  async openUrl(udid: string, url: string): Promise<void> {
    await this.run(['openurl', udid, url]);
  }

  async setAppearance(udid: string, appearance: Appearance): Promise<void> {
    await this.run(['ui', udid, 'appearance', appearance]);
  }

  /** A clean status bar for screenshots (9:41, full bars and battery), or the real one back. */
  async statusBar(udid: string, clean: boolean): Promise<void> {
    if (clean) {
      await this.run(['status_bar', udid, 'override', '--time', '9:41', '--dataNetwork', 'wifi', '--wifiBars', '3', '--cellularBars', '4', '--batteryState', 'charged', '--batteryLevel', '100']);
    } else {
      await this.run(['status_bar', udid, 'clear']);
    }
  }

  /** Puts text on the simulator's pasteboard. */
  async pbcopy(udid: string, text: string): Promise<void> {
    await this.run(['pbcopy', udid], QUICK_MS, text);
  }

  /** The screen as a PNG in device pixels. */
  async screenshot(udid: string): Promise<Buffer> {
    const dir = await mkdtemp(join(tmpdir(), 'simlab-ios-shot-'));
    try {
      const file = join(dir, 'screen.png');
      await this.run(['io', udid, 'screenshot', '--type=png', file]);
      return await readFile(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
