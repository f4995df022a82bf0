// Opens one adb device as an AndroidDevice: reads its screen and identity, finds its
// touchscreen and probes once whether the shell may write it (emulators yes; phones since
// Android 10 no).
import type { AdbClient } from './adb/adbkit.js';
import { AdbDevice } from './adb/adb-device.js';
import { AndroidDevice, type HelperStatus } from './android-device.js';
import { pickFramePath, probeScreenrecord } from './frame-path.js';
import { probeMinicap, type MinicapProbe } from './minicap/minicap-setup.js';
import type { DeviceFacts } from './device-facts.js';
import { parseWmDensity, parseWmSize } from './device-facts.js';
import { findFfmpeg } from '../../media/ffmpeg-path.js';
import { EV_SYN, SYN_REPORT, parseGeteventPl, type Touchscreen } from './input/touchscreen.js';
import { UiautomatorTreeSource, type TreeSource } from './tree-source.js';
import { restoreStayAwake, stayAwake } from './care/device-care.js';
import { Uia2PointerInput, Uia2TextInput, Uia2TreeSource } from './uia2/uia2-parts.js';
import { Uia2Server } from './uia2/uia2-server.js';

export interface OpenAndroidDeviceOptions {
  client: AdbClient;
  serial: string;
  /** The id the hub knows the device by (default: the serial). */
  id?: string;
  /** Another tree source (an on-device helper); default `uiautomator dump`. */
  tree?: (adb: AdbDevice) => TreeSource;
  /** ffmpeg for live frames; default FFMPEG_PATH or the system's; null for none. */
  ffmpegPath?: string | null;
  recordTimeLimitS?: number;
  /** screenrecord's --bit-rate while a recording copies its H.264 (default 600k: see screenrecord-frames.ts). */
  copiedBitRate?: string;
  /**
   * The UiAutomator2 server for the tree and touches: `auto` (default) where the shell may not
   * write the touchscreen (phones), `on` always, `off` never. When it cannot start, the device
   * keeps today's paths (`uiautomator dump`, `input`) and says why.
   */
  uia2?: Uia2Mode;
  /** Try minicap for frames (default true): pushed and checked at open where a prebuilt one fits. */
  minicap?: boolean;
  log?: (message: string) => void;
}

export type Uia2Mode = 'auto' | 'on' | 'off';

export function uia2ModeOf(text: string | undefined): Uia2Mode {
  const mode = text?.trim() || 'auto';
  if (mode === 'auto' || mode === 'on' || mode === 'off') return mode;
  throw new Error(`SIMLAB_ANDROID_UIA2 is auto, on or off, not "${mode}"`);
}

async function readFacts(adb: AdbDevice): Promise<DeviceFacts> {
  const text = async (command: string) => (await adb.run(command)).stdout.toString('utf8').trim();
  const [size, density, model, manufacturer, release, sdk] = await Promise.all([
    text('wm size'),
    text('wm density'),
    text('getprop ro.product.model'),
    text('getprop ro.product.manufacturer'),
    text('getprop ro.build.version.release'),
    text('getprop ro.build.version.sdk'),
  ]);
  const px = parseWmSize(size);
  const dpi = parseWmDensity(density);
  if (!px || !dpi) throw new Error(`${adb.serial}: cannot read the screen (wm size: ${JSON.stringify(size)}, wm density: ${JSON.stringify(density)})`);
  return { widthPx: px.w, heightPx: px.h, density: dpi, model: model || adb.serial, manufacturer, release, sdk: Number(sdk) || 0 };
}

/** The touchscreen, if `sendevent` may write it; otherwise why multi-touch is unavailable. */
async function probeTouch(adb: AdbDevice): Promise<{ screen: Touchscreen } | { reason: string }> {
  const listing = await adb.run('getevent -pl');
  const screen = parseGeteventPl(listing.stdout.toString('utf8'));
  if (!screen) return { reason: 'no multi-touch touchscreen in `getevent -pl`' };
  // A lone SYN_REPORT changes nothing on the screen but needs write access.
  const probe = await adb.run(`sendevent ${screen.path} ${EV_SYN} ${SYN_REPORT} 0`);
  const said = `${probe.stderr.toString('utf8')}${probe.stdout.toString('utf8')}`.trim();
  if (probe.code !== 0 || said) {
    return { reason: `the shell may not write ${screen.path} (${said || `sendevent status ${probe.code}`}); multi-touch needs an emulator, root or an on-device helper` };
  }
  return { screen };
}

const UIA2_NAME = 'uiautomator2-server';

/** The UiAutomator2 server's tree and touches, when the mode asks for it and it starts; and its state for `devices`. */
async function startUia2(adb: AdbDevice, mode: Uia2Mode, touch: { screen: Touchscreen } | { reason: string }, log: (m: string) => void): Promise<{ server?: Uia2Server; status: HelperStatus }> {
  if (mode === 'off') return { status: { name: UIA2_NAME, state: 'off', detail: 'SIMLAB_ANDROID_UIA2=off' } };
  if (mode === 'auto' && 'screen' in touch) return { status: { name: UIA2_NAME, state: 'off', detail: 'not needed: the shell may write the touchscreen (SIMLAB_ANDROID_UIA2=auto)' } };
  const server = new Uia2Server(adb);
  try {
    await server.start();
    return { server, status: { name: UIA2_NAME, state: 'running', detail: 'page source, W3C actions and text' } };
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    log(`${adb.serial}: UiAutomator2 server unavailable, using uiautomator dump and input (${why})`);
    await server.close();
    return { status: { name: UIA2_NAME, state: 'unavailable', detail: why.slice(0, 400) } };
  }
}

/** The screen minicap projects: full pixels in, one pixel per point out (the other paths' frame size). */
function minicapScreen(facts: DeviceFacts): { sdk: number; real: { w: number; h: number }; virtual: { w: number; h: number } } {
  const scale = facts.density / 160;
  return { sdk: facts.sdk, real: { w: facts.widthPx, h: facts.heightPx }, virtual: { w: Math.round(facts.widthPx / scale), h: Math.round(facts.heightPx / scale) } };
}

function minicapFact(probe: MinicapProbe): { ok: true; what: string } | { ok: false; said: string } {
  return probe.ok ? { ok: true, what: `prebuilt for ${probe.setup.files.abi}, SDK ${probe.setup.files.sdk}` } : probe;
}

export async function openAndroidDevice(options: OpenAndroidDeviceOptions): Promise<AndroidDevice> {
  const adb = new AdbDevice(options.client, options.serial);
  const ffmpegPath = options.ffmpegPath === undefined ? findFfmpeg() : options.ffmpegPath;
  const factsRead = readFacts(adb);
  const [facts, touch, screenrecord, minicap] = await Promise.all([
    factsRead,
    probeTouch(adb),
    ffmpegPath ? probeScreenrecord((command) => adb.execStream(command)) : Promise.resolve({ ok: false as const, said: 'not tried' }),
    options.minicap === false ? Promise.resolve(undefined) : factsRead.then((f) => probeMinicap(adb, minicapScreen(f))),
  ]);
  const fallback = pickFramePath({ ffmpegPath, screenrecord });
  const framePath = pickFramePath({ ffmpegPath, screenrecord, ...(minicap ? { minicap: minicapFact(minicap) } : {}) });
  const { server: uia2, status: helperStatus } = await startUia2(adb, options.uia2 ?? 'auto', touch, options.log ?? (() => undefined));
  // A phone on a lab shelf stays awake while the lab serves it (an emulator needs no care).
  const owner = 'reason' in touch ? await stayAwake(adb) : undefined;
  const device = new AndroidDevice({
    id: options.id ?? options.serial,
    adb,
    facts,
    tree: options.tree ? options.tree(adb) : uia2 ? new Uia2TreeSource(uia2) : new UiautomatorTreeSource(adb),
    ...(uia2 ? { pointer: new Uia2PointerInput(uia2), text: new Uia2TextInput(uia2), helper: uia2 } : {}),
    ...(owner === undefined ? {} : { restoreAwake: () => restoreStayAwake(adb, owner) }),
    touch,
    ffmpegPath,
    framePath,
    ...(minicap?.ok && framePath.path === 'minicap' ? { minicap: { setup: minicap.setup, fallback } } : {}),
    helperStatus,
    ...(options.recordTimeLimitS ? { recordTimeLimitS: options.recordTimeLimitS } : {}),
    ...(options.copiedBitRate ? { copiedBitRate: options.copiedBitRate } : {}),
  });
  await device.watchHealth();
  return device;
}
