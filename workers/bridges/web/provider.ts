import { setTimeout as sleep } from 'node:timers/promises';
import type { Orientation } from '../../../core/model/index.js';
import {
  DEFAULT_PROFILE,
  PROFILE_NAMES,
  isProfileName,
  launchWebDevice,
  startDemoServer,
  type DemoServer,
  type ProfileName,
  type WebDevice,
} from './index.js';
import { allowListFromEnv } from './url-policy.js';
import { listOf } from '../../config.js';
import { DeviceListChanges, type DeviceProvider, type ProvidedDevice, type ProviderContext } from '../../providers/provider.js';

export interface WebDeviceSpec {
  profile: ProfileName;
  orientation: Orientation;
  /** Undefined means the bundled demo app. */
  url?: string;
}

/**
 * The web devices of this host, from the environment:
 * SIMLAB_WEB_DEVICES (count, default 1), SIMLAB_WEB_PROFILES (comma list of profile names,
 * each optionally `:landscape`; reused round-robin), SIMLAB_WEB_URLS (start URLs, round-robin;
 * default the bundled demo app), SIMLAB_WEB_HEADLESS=0 to show the windows, SIMLAB_WEB_ALLOW
 * (origins or host patterns the devices may open; see bridges/web/url-policy.ts),
 * SIMLAB_WEB_RENDER_SCALE (image pixels per point drawn, 1 to 3; default 2 with 4 cores or more, else 1: see launch.ts).
 */
export function renderScaleFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.SIMLAB_WEB_RENDER_SCALE?.trim();
  if (!text) return undefined;
  const scale = Number(text);
  if (!(scale >= 1 && scale <= 3)) throw new Error(`SIMLAB_WEB_RENDER_SCALE must be a number from 1 to 3, not "${text}"`);
  return scale;
}

export function webDeviceSpecs(env: NodeJS.ProcessEnv): WebDeviceSpec[] {
  const countText = env.SIMLAB_WEB_DEVICES?.trim() || '1';
  const count = Number(countText);
  if (!Number.isInteger(count) || count < 0 || count > 32) throw new Error(`SIMLAB_WEB_DEVICES must be a whole number from 0 to 32, not "${countText}"`);
  const profiles = (listOf(env.SIMLAB_WEB_PROFILES) ?? [DEFAULT_PROFILE]).map(parseProfile);
  const urls = listOf(env.SIMLAB_WEB_URLS);
  for (const url of urls ?? []) {
    if (!/^https?:\/\//.test(url)) throw new Error(`SIMLAB_WEB_URLS: "${url}" is not an http(s) URL`);
  }
  return Array.from({ length: count }, (_, i) => {
    const profile = profiles[i % profiles.length] as { profile: ProfileName; orientation: Orientation };
    const url = urls?.[i % urls.length];
    return url ? { ...profile, url } : { ...profile };
  });
}

function parseProfile(text: string): { profile: ProfileName; orientation: Orientation } {
  const [name = '', orientation = 'portrait'] = text.split(':');
  if (!isProfileName(name)) throw new Error(`SIMLAB_WEB_PROFILES: unknown profile "${name}" (known: ${PROFILE_NAMES.join(', ')})`);
  if (orientation !== 'portrait' && orientation !== 'landscape') throw new Error(`SIMLAB_WEB_PROFILES: "${text}": orientation is portrait or landscape`);
  return { profile: name, orientation };
}

/** Pauses before each relaunch of a web device whose browser died; after the last, it stays withdrawn. */
const RELAUNCH_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

export const webProvider: DeviceProvider = {
  platform: 'web',
  async start({ workerId, env, log }: ProviderContext) {
    const specs = webDeviceSpecs(env);
    const headless = env.SIMLAB_WEB_HEADLESS !== '0';
    const allow = allowListFromEnv(env);
    const renderScale = renderScaleFromEnv(env);
    let demo: DemoServer | undefined;
    const devices: ProvidedDevice[] = [];
    const changes = new DeviceListChanges();
    // Cut short a relaunch pause on close(); relaunches in flight are awaited by close().
    const stopping = new AbortController();
    const relaunches = new Set<Promise<void>>();

    const announce = (change: () => void): void => {
      change();
      changes.notify();
    };

    const launch = async (id: string, spec: WebDeviceSpec, url: string): Promise<WebDevice> => {
      const bridge = await launchWebDevice({
        id,
        profile: spec.profile,
        orientation: spec.orientation,
        url,
        headless,
        allow,
        ...(renderScale ? { renderScale } : {}),
        onRefused: (refused) => log(`${id}: refused ${refused.url.slice(0, 200)} (${refused.reason})`),
      });
      // A device that turned is announced again with its new size.
      bridge.onInfoChange(() => changes.notify());
      bridge.onGone((reason) => {
        if (stopping.signal.aborted) return;
        log(`${id}: ${reason}; withdrawn, relaunching`);
        announce(() => {
          const at = devices.findIndex((d) => d.bridge === bridge);
          if (at >= 0) devices.splice(at, 1);
        });
        const run = relaunch(id, spec, url).finally(() => relaunches.delete(run));
        relaunches.add(run);
      });
      return bridge;
    };

    const relaunch = async (id: string, spec: WebDeviceSpec, url: string): Promise<void> => {
      for (const [attempt, delay] of RELAUNCH_DELAYS_MS.entries()) {
        try {
          await sleep(delay, undefined, { signal: stopping.signal });
        } catch {
          return;
        }
        try {
          const bridge = await launch(id, spec, url);
          if (stopping.signal.aborted) {
            await bridge.close();
            return;
          }
          announce(() => {
            devices.push({ id, bridge });
            devices.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
          });
          log(`${id}: relaunched (attempt ${attempt + 1})`);
          return;
        } catch (err) {
          log(`${id}: relaunch attempt ${attempt + 1} of ${RELAUNCH_DELAYS_MS.length} failed (${err instanceof Error ? err.message : String(err)})`);
        }
      }
      log(`${id}: stays offline after ${RELAUNCH_DELAYS_MS.length} relaunch attempts`);
    };

    const close = async (): Promise<void> => {
      stopping.abort();
      await Promise.allSettled(relaunches);
      await Promise.allSettled(devices.map((d) => d.bridge.close()));
      await demo?.close();
    };
    try {
      if (specs.some((s) => s.url === undefined)) {
        demo = await startDemoServer();
        log(`demo app at ${demo.url}`);
      }
      // One at a time: Chromium launches compete for the CPU.
      for (const [i, spec] of specs.entries()) {
        const url = spec.url ?? (demo as DemoServer).url;
        const id = `${workerId}-web-${i + 1}`;
        devices.push({ id, bridge: await launch(id, spec, url) });
        log(`${id}: ${spec.profile} ${spec.orientation} at ${url}`);
      }
    } catch (err) {
      await close();
      throw err;
    }
    return {
      devices,
      close,
      onDevicesChanged: changes.subscribe,
    };
  },
};
