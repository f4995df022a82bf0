import { availableParallelism } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { SimlabError } from '../../../core/contract/index.js';
import type { Orientation } from '../../../core/model/index.js';
import { findChromium } from './find-chromium.js';
import { guardNavigation, type RefusalLog, type RefusedRequest } from './navigation-guard.js';
import { installListenerRecord } from './hit-scan.js';
import { navigate } from './navigate.js';
import { DEFAULT_PROFILE, PROFILES, PROFILE_NAMES, isProfileName, viewportOf, type DeviceProfile, type ProfileName } from './profiles.js';
import { InFlightRequests } from './in-flight-requests.js';
import type { StillnessRule } from './stillness.js';
import { UrlPolicy } from './url-policy.js';
import { WebDevice } from './web-device.js';

export interface LaunchWebDeviceOptions {
  /** A profile name (default `iphone-6.1`) or a profile of one's own. */
  profile?: ProfileName | DeviceProfile;
  orientation?: Orientation;
  /** The start URL; `button('home')` returns to it. */
  url: string;
  /** Default true. */
  headless?: boolean;
  /** A Chromium or Chrome executable; default: SIMLAB_CHROMIUM, Playwright's browsers, system paths. */
  chromiumPath?: string;
  /** The device id (default `web-<profile>-<n>`). */
  id?: string;
  /** SIMLAB_WEB_ALLOW entries (origins or host patterns); the start URL's origin is always allowed. */
  allow?: readonly string[];
  /** Told of every request the URL policy refused (for the worker's log). */
  onRefused?: (refused: RefusedRequest) => void;
  /** How the device decides the screen is at rest (default `evidence`; `quiet` always waits the quiet window). */
  stillness?: StillnessRule;
  /**
   * Image pixels per point Chromium really draws (1 to 3, at most the profile's scale; default
   * defaultRenderScale()): the sharpest frames the stream can carry. Headless Chromium otherwise
   * draws one pixel per point whatever the emulated scale, and every drawn pixel costs CPU,
   * frames or not.
   */
  renderScale?: number;
}

/**
 * 2 (a 2x screen, the common sharp case) on a host with 4 cores or more, else 1: Chromium draws
 * in software here, and on 2 busy cores drawing 2x doubled a click's way to the screen
 * (bench:dashboard-stream). 3x costs over twice 2x's drawing for little a person sees.
 */
export function defaultRenderScale(): number {
  return availableParallelism() >= 4 ? 2 : 1;
}

/** Flags for a quiet Chromium on a closed network (see shared/notes/machine-facts.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Cross-site frames stay in the page's process, where the navigation guard sees their requests.
  '--disable-features=IsolateOrigins,site-per-process',
];

let launched = 0;

/**
 * Starts one Chromium for one device and opens the URL in a phone-sized page. Each device
 * has its own browser process: a crash or a hung page stays with its device, and close()
 * ends that process (Playwright also kills it if this Node process exits).
 */
export async function launchWebDevice(options: LaunchWebDeviceOptions): Promise<WebDevice> {
  const profile = resolveProfile(options.profile ?? DEFAULT_PROFILE);
  const orientation = options.orientation ?? 'portrait';
  if (orientation !== 'portrait' && orientation !== 'landscape') {
    throw new SimlabError('INVALID_ARGS', `orientation is portrait or landscape, not ${String(orientation)}`);
  }
  if (typeof options.url !== 'string' || options.url === '') throw new SimlabError('INVALID_ARGS', 'launchWebDevice needs a url');
  const policy = new UrlPolicy(options.allow ?? [], options.url);
  const refusal = await policy.refusal(options.url);
  if (refusal !== undefined) throw new SimlabError('INVALID_ARGS', `the web device cannot start at ${options.url}: ${refusal}`);
  const executablePath = findChromium(options.chromiumPath);
  const size = viewportOf(profile, orientation);
  const asked = options.renderScale ?? defaultRenderScale();
  if (typeof asked !== 'number' || !(asked >= 1 && asked <= 3)) throw new SimlabError('INVALID_ARGS', `renderScale is 1 to 3, not ${String(asked)}`);
  const renderScale = Math.min(profile.scale, asked);

  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, headless: options.headless ?? true, args: [...CHROMIUM_ARGS, `--force-device-scale-factor=${renderScale}`] });
  } catch (err) {
    throw new SimlabError('DEVICE_UNAVAILABLE', `Chromium at ${executablePath} did not start`, {
      hint: 'Check that this Chromium runs (`chromium --headless --version`), or point SIMLAB_CHROMIUM at another one.',
      details: { cause: err instanceof Error ? err.message.split('\n')[0] : String(err) },
    });
  }
  try {
    const context = await browser.newContext({
      viewport: { width: size.w, height: size.h },
      screen: { width: size.w, height: size.h },
      deviceScaleFactor: profile.scale,
      isMobile: profile.isMobile,
      hasTouch: true,
      userAgent: profile.userAgent,
      // Nothing a page offers is saved on the worker's disk.
      acceptDownloads: false,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const refusals: RefusalLog = { count: 0 };
    await guardNavigation(context, page, cdp, policy, (refused) => {
      refusals.count++;
      refusals.last = refused;
      options.onRefused?.(refused);
    });
    // hasTouch alone reports one touch point; a phone has several.
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: profile.maxTouchPoints });
    await installListenerRecord(page);
    // Stillness waits for the requests an action starts.
    const requests = new InFlightRequests(cdp);
    await cdp.send('Network.enable');
    // Page events too: a new document's commit ends the requests of the one it replaced (in-flight-requests.ts).
    await cdp.send('Page.enable');
    await navigate(page, options.url);
    launched++;
    return new WebDevice({
      info: {
        id: options.id ?? `web-${profile.name}-${launched}`,
        platform: 'web',
        model: profile.model,
        name: `Web ${profile.name}${orientation === 'landscape' ? ' (landscape)' : ''}`,
        size,
        scale: profile.scale,
        orientation,
      },
      browser,
      page,
      cdp,
      homeUrl: options.url,
      policy,
      refusals,
      requests,
      ...(options.stillness ? { stillness: options.stillness } : {}),
      drawScale: renderScale,
    });
  } catch (err) {
    await browser.close().catch(() => undefined);
    throw new SimlabError('DEVICE_UNAVAILABLE', `the web device could not open ${options.url}`, {
      details: { cause: err instanceof Error ? err.message.split('\n')[0] : String(err) },
    });
  }
}

function resolveProfile(profile: ProfileName | DeviceProfile): DeviceProfile {
  if (typeof profile !== 'string') return profile;
  if (isProfileName(profile)) return PROFILES[profile];
  throw new SimlabError('INVALID_ARGS', `unknown web device profile "${profile}"`, { hint: `Profiles: ${PROFILE_NAMES.join(', ')}` });
}
