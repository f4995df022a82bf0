// The iOS simulators of a Mac host for the worker (SIMLAB_PLATFORMS=...,ios):
//   SIMLAB_IOS_UDIDS     serve only these simulators (default: every booted iOS simulator)
//   SIMLAB_IOS_BOOT      simulators to boot at start (udids or names, comma list)
//   SIMLAB_IOS_TOOL      axe or idb (default: AXe if installed, else idb)
//   SIMLAB_IOS_HELPER    the native helper binary (default native/ios/.build/release/simlab-ios-helper)
//   SIMLAB_IOS_APPS_DIR  folder of .app bundles that `ios.install` may install, by name
//   SIMLAB_IOS_XCRUN, SIMLAB_IOS_AXE, SIMLAB_IOS_IDB  the tools' paths, when not on PATH
//   SIMLAB_IOS_POLL_MS   how often the simulator list is read (default 5000, 200-60000)
// A simulator is announced while booted; shut down, it is withdrawn, and announced again under
// the same id when it boots. Simulators booted later join.
import { fileURLToPath } from 'node:url';
import { listOf } from '../../config.js';
import { DeviceListChanges, type DeviceProvider, type ProvidedDevice, type ProviderContext } from '../../providers/provider.js';
import type { IosDevice } from './ios-device.js';
import { openIosDevice } from './open-device.js';
import { pickUiTool } from './pick-tool.js';
import { Simctl, type Simulator } from './simctl.js';

const DEFAULT_HELPER = fileURLToPath(new URL('../../../native/ios/.build/release/simlab-ios-helper', import.meta.url));

export function iosDeviceId(workerId: string, udid: string): string {
  return `${workerId}-ios-${udid.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
}

function pollMs(env: NodeJS.ProcessEnv): number {
  const text = env.SIMLAB_IOS_POLL_MS?.trim() || '5000';
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 200 || ms > 60_000) throw new Error(`SIMLAB_IOS_POLL_MS must be a whole number of ms in 200-60000, not "${text}"`);
  return ms;
}

export const iosProvider: DeviceProvider = {
  platform: 'ios',
  async start({ workerId, env, log }: ProviderContext) {
    const every = pollMs(env);
    const simctl = new Simctl(env.SIMLAB_IOS_XCRUN?.trim() || 'xcrun', env);
    const tool = await pickUiTool(env);
    const only = listOf(env.SIMLAB_IOS_UDIDS);
    const helperPath = env.SIMLAB_IOS_HELPER?.trim() || DEFAULT_HELPER;
    const appsDir = env.SIMLAB_IOS_APPS_DIR?.trim() || undefined;
    const bridges = new Map<string, IosDevice>();
    const devices: ProvidedDevice[] = [];
    const changes = new DeviceListChanges();
    let timer: NodeJS.Timeout | undefined;
    let closed = false;

    for (const wanted of listOf(env.SIMLAB_IOS_BOOT) ?? []) {
      const sim = (await simctl.list()).find((s) => s.udid === wanted || s.name === wanted);
      if (!sim) log(`ios: no simulator "${wanted}" to boot (xcrun simctl list devices)`);
      else if (sim.state !== 'Booted') {
        log(`ios: booting ${sim.name} (${sim.udid})`);
        await simctl.boot(sim.udid);
      }
    }

    const open = async (sim: Simulator): Promise<void> => {
      const id = iosDeviceId(workerId, sim.udid);
      try {
        const bridge = await openIosDevice({ id, simulator: sim, simctl, tool, helperPath, env, ...(appsDir ? { appsDir } : {}) });
        if (closed) return void (await bridge.close());
        bridges.set(sim.udid, bridge);
        const touch = bridge.capabilities.multiTouch ? 'multi-touch' : `one finger (${bridge.capabilities.reasons?.multiTouch ?? ''})`;
        log(`${id}: ${bridge.info.name}, ${bridge.info.size.w}x${bridge.info.size.h} pt @${bridge.info.scale}x, ${tool.name}, ${touch}`);
      } catch (err) {
        log(`ios ${sim.udid}: cannot open (${err instanceof Error ? err.message : String(err)})`);
      }
    };

    const refresh = async (): Promise<void> => {
      const booted = (await simctl.list()).filter((s) => s.state === 'Booted' && s.available && (!only || only.includes(s.udid)));
      for (const sim of booted) if (!bridges.has(sim.udid)) await open(sim);
      for (const [udid, bridge] of bridges) {
        if (booted.some((s) => s.udid === udid)) continue;
        bridges.delete(udid);
        log(`ios ${udid}: no longer booted`);
        await bridge.close();
      }
      const next = [...bridges.values()].map((bridge) => ({ id: bridge.info.id, bridge }));
      const same = next.length === devices.length && next.every((d, i) => devices[i]?.bridge === d.bridge);
      if (same) return;
      devices.splice(0, devices.length, ...next);
      changes.notify();
    };

    const poll = (): void => {
      timer = setTimeout(() => {
        refresh()
          .catch((err: unknown) => log(`ios: listing simulators failed (${err instanceof Error ? err.message : String(err)})`))
          .finally(() => {
            if (!closed) poll();
          });
      }, every);
    };

    await refresh();
    poll();
    return {
      devices,
      onDevicesChanged: changes.subscribe,
      async close() {
        closed = true;
        clearTimeout(timer);
        await Promise.allSettled([...bridges.values()].map((b) => b.close()));
      },
    };
  },
};
