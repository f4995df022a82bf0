// An Android phone or emulator behind the adb server as a DeviceBridge (DESIGN.md section 7):
// trees from a TreeSource (uiautomator dump), single-finger input with our own timing through
// `input motionevent`, multi-touch through `sendevent` (MT protocol B) where the shell may
// write the touchscreen, text through `input text`, screenshots from minicap or `screencap -p`,
// and live frames from the path picked at open (minicap, screenrecord through ffmpeg, screencap).
import { setTimeout as sleep } from 'node:timers/promises';
import { SimlabError } from '../../../core/contract/index.js';
import type { TouchTimeline } from '../../../core/gestures/timeline.js';
import type { AdmittedTimeline } from '../../../core/wire/admitted-timeline.js';
import { importScreen } from '../../../core/importers/index.js';
import type { AppState, Rect, Screen, Stillness } from '../../../core/model/index.js';
import type { Capabilities, DeviceBridge, DeviceInfo, Frame, H264Stream, PerformOptions, ScreenshotOptions, ScreenshotResult, WaitForStillOptions } from '../../bridge.js';
import type { AccessUnit } from '../../media/h264-access-units.js';
import { screenshotArea } from '../../screenshot-area.js';
import type { AdbDevice, CommandResult } from './adb/adb-device.js';
import { deviceUnavailable } from './adb/adb-device.js';
import type { AdbDeviceState } from './adb/adbkit.js';
import { parseDumpsysWindow } from './app-state.js';
import { readHealth, rotate } from './care/device-care.js';
import { FRAME_IDLE_MS, framesAtRest, packageOfDump, parseFrameStats } from './frame-stats.js';
import { paintedRegions } from './painted-regions.js';
import type { DeviceFacts } from './device-facts.js';
import { inputTextCommands, untypeableReason } from './input/input-text.js';
import { KEYCODE_BACK, KEYCODE_HOME, KNOWN_KEYS, keyCode } from './input/keys.js';
import { motionCommand, motionSteps } from './input/motion-events.js';
import { renderScreenshot } from '../../render-screenshot.js';
import { ScreenrecordFrames } from './screenrecord-frames.js';
import { ScreencapFrames } from './screencap-frames.js';
import { FrameRate } from './frame-rate.js';
import { reasonText, type FramePathChoice } from './frame-path.js';
import { MinicapFrames } from './minicap/minicap-frames.js';
import { FramesWatch } from './frames-watch.js';
import type { MinicapSetup } from './minicap/minicap-setup.js';
import type { DeviceStatus } from '../../../core/wire/device.js';
import { liftEvents, mtBatches, sendeventCommand, type Touchscreen } from './input/touchscreen.js';
import { UiautomatorTreeSource, type TreeSource } from './tree-source.js';

export interface AndroidDeviceParts {
  id: string;
  adb: AdbDevice;
  facts: DeviceFacts;
  tree: TreeSource;
  /** The touchscreen `sendevent` may write, or why multi-touch is unavailable. */
  touch: { screen: Touchscreen } | { reason: string };
  /** ffmpeg for screenrecord's frames, or null. */
  ffmpegPath: string | null;
  /** The frame path picked for this device, and why. */
  framePath: FramePathChoice;
  /** With the minicap path: minicap as pushed and checked, and the path to take if it stops for good. */
  minicap?: { setup: MinicapSetup; fallback: FramePathChoice };
  /** screenrecord's time limit per recording (seconds); the stream restarts seamlessly. */
  recordTimeLimitS?: number;
  /** screenrecord's --bit-rate while a recording copies its H.264 (ScreenrecordFrames' copiedBitRate). */
  copiedBitRate?: string;
  /** The on-device helper's state for `devices` (the UiAutomator2 server). */
  helperStatus?: HelperStatus;
  /** An on-device input path for whole timelines (the UiAutomator2 server), preferred when present. */
  pointer?: PointerInput;
  /** An on-device text path (the UiAutomator2 server), preferred over `input text` when present. */
  text?: TextInput;
  /** Puts the owner's screen-timeout setting back when the lab stops serving the device. */
  restoreAwake?: () => Promise<void>;
  /** An on-device helper to stop when the device closes, and to remove on request. */
  helper?: { close(): Promise<void>; uninstall(): Promise<void> };
}

/** Types text through an on-device service (any Unicode); INVALID_ARGS with `details.focused: null` when no field has the focus. */
export interface TextInput {
  readonly name: string;
  type(text: string): Promise<void>;
}

/** An on-device helper as `devices` reports it. */
export type HelperStatus = NonNullable<DeviceStatus['helpers']>[number];

/** Plays a whole gesture timeline (points, scaled to the device's pixels) through an on-device service. */
export interface PointerInput {
  readonly name: string;
  perform(timeline: TouchTimeline, pxPerPoint: number): Promise<void>;
}

/** A settled dump this recent, taken after the last input, stands for the current screen. */
const FRESH_TREE_MS = 150;
const POLL_MS = 100;

interface TreeReading {
  xml: string;
  /** performance.now() when the dump began (for the reading waitForStill() settled on by frames: the latest instant they vouch it was the screen). */
  at: number;
  /** Since when consecutive dumps have been identical. */
  since: number;
}

export class AndroidDevice implements DeviceBridge {
  readonly info: DeviceInfo;
  readonly capabilities: Capabilities;
  readonly adb: AdbDevice;
  /** The adb server's state of this device; anything but `device` refuses commands. */
  state: AdbDeviceState = 'device';

  private readonly facts: DeviceFacts;
  private tree: TreeSource;
  private readonly touchscreen: Touchscreen | undefined;
  private pointer: PointerInput | undefined;
  private textInput: TextInput | undefined;
  private readonly helper: { close(): Promise<void>; uninstall(): Promise<void> } | undefined;
  private readonly restoreAwake: (() => Promise<void>) | undefined;
  private frameSource: ScreenrecordFrames | ScreencapFrames | MinicapFrames;
  private framePath: FramePathChoice;
  private readonly frameSize: { w: number; h: number };
  private readonly ffmpegPath: string | null;
  private readonly recordTimeLimitS: number | undefined;
  private readonly copiedBitRate: string | undefined;
  private readonly frameRate = new FrameRate();
  private readonly frameListeners = new Set<(frame: Frame) => void>();
  private readonly lostListeners = new Set<(reason: string) => void>();
  private readonly framesWatch = new FramesWatch((why) => this.framesLost(why));
  private stopSource: (() => void) | undefined;
  private helperStatus: HelperStatus | undefined;
  private battery: DeviceStatus['battery'];
  private healthTimer: NodeJS.Timeout | undefined;
  /** Told when status() changed (battery, frame rate, helper), so the device is announced again. */
  onStatusChange: (() => void) | undefined;
  private inputChain: Promise<unknown> = Promise.resolve();
  private lastInputAt = -Infinity;
  private reading: TreeReading | undefined;
  /** The reading waitForStill() settled on, handed to the next describe() once. */
  private settled: TreeReading | undefined;
  private gesture: AbortController | undefined;
  /** Fingers down now: the motionevent pointer, MT-B slots. */
  private readonly held = { motion: null as { x: number; y: number } | null, slots: [] as number[] };
  private trackingId = 0;
  private closed = false;

  constructor(parts: AndroidDeviceParts) {
    this.adb = parts.adb;
    this.facts = parts.facts;
    this.tree = parts.tree;
    const scale = parts.facts.density / 160;
    const size = { w: parts.facts.widthPx / scale, h: parts.facts.heightPx / scale };
    this.info = {
      id: parts.id,
      platform: 'android',
      model: parts.facts.model,
      name: `${parts.facts.manufacturer} ${parts.facts.model} (Android ${parts.facts.release})`.trim(),
      size,
      scale,
      orientation: size.w > size.h ? 'landscape' : 'portrait',
    };
    const reasons: Record<string, string> = {
      hitTest: 'Android has no hit-test query; the uiautomator tree is all there is',
      paste: '`input text` is the only text path without an on-device helper',
      record: 'record the frames() stream',
    };
    this.framePath = parts.framePath;
    this.helperStatus = parts.helperStatus;
    this.pointer = parts.pointer;
    this.textInput = parts.text;
    this.helper = parts.helper;
    this.restoreAwake = parts.restoreAwake;
    if ('reason' in parts.touch) {
      if (!this.pointer) reasons.multiTouch = parts.touch.reason;
    } else this.touchscreen = parts.touch.screen;
    this.frameSize = size;
    this.ffmpegPath = parts.ffmpegPath;
    this.recordTimeLimitS = parts.recordTimeLimitS;
    this.copiedBitRate = parts.copiedBitRate;
    const minicap = parts.minicap;
    this.frameSource =
      parts.framePath.path === 'minicap' && minicap
        ? new MinicapFrames({ adb: this.adb, setup: minicap.setup, onGiveUp: (why) => this.leaveMinicap(why, minicap.fallback) })
        : this.sourceFor(parts.framePath.path);
    this.capabilities = {
      multiTouch: !!this.touchscreen || !!this.pointer,
      hitTest: false,
      type: true,
      paste: false,
      keys: [...KNOWN_KEYS],
      buttons: ['back', 'home'],
      screenshot: true,
      frames: true,
      record: false,
      platformVerbs: ['android.rotate', 'android.health', ...(parts.helper ? ['android.uninstall-helpers'] : [])],
      reasons,
    };
  }

  private sourceFor(path: FramePathChoice['path']): ScreenrecordFrames | ScreencapFrames {
    if (path === 'screenrecord' && this.ffmpegPath) {
      return new ScreenrecordFrames({
        open: (command) => this.framesWatch.open(() => this.adb.execStream(command), 'screenrecord'),
        ffmpegPath: this.ffmpegPath,
        size: this.frameSize,
        ...(this.recordTimeLimitS ? { timeLimitS: this.recordTimeLimitS } : {}),
        ...(this.copiedBitRate ? { copiedBitRate: this.copiedBitRate } : {}),
      });
    }
    return new ScreencapFrames({
      capture: () => this.screencapPng(),
      size: this.frameSize,
      onError: (err) => this.framesWatch.failure(`screencap failed: ${err instanceof Error ? err.message : String(err)}`),
    });
  }

  /** minicap stopped for good: the stream carries on through the fallback path, and devices says why. */
  private leaveMinicap(why: string, fallback: FramePathChoice): void {
    if (this.closed) return;
    this.switchPath({ path: fallback.path, reason: reasonText(`${why}; now ${fallback.reason}`) });
  }

  private switchPath(choice: FramePathChoice): void {
    this.frameSource.stop();
    this.framePath = choice;
    this.frameSource = this.sourceFor(choice.path);
    if (this.stopSource) this.stopSource = this.frameSource.subscribe((frame) => this.relay(frame));
    this.onStatusChange?.();
  }

  /**
   * The frames stopped by themselves while someone listens (screenrecord would not start again,
   * the device went away): whoever must not go on as if nothing happened (a recording) is told
   * why. A device still here whose screenrecord refuses carries on through screencap.
   */
  private framesLost(why: string): void {
    if (this.closed || this.frameListeners.size === 0) return;
    const path = this.framePath.path;
    for (const listener of this.lostListeners) listener(`${path}: ${why}`);
    if (path === 'screenrecord' && (this.state === 'device' || this.state === 'emulator')) {
      this.switchPath({ path: 'screencap', reason: reasonText(`${why}; now repeated screencap`) });
    }
  }

  /** Told when the live frames stop by themselves while subscribed, with why (DeviceBridge.onFramesLost). */
  onFramesLost(listener: (reason: string) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  private relay(frame: Frame): void {
    this.framesWatch.frame();
    this.frameRate.tick();
    for (const listener of this.frameListeners) listener(frame);
  }

  get serial(): string {
    return this.adb.serial;
  }

  /** The device's pixels per point (density / 160). */
  private get px(): number {
    return this.info.scale;
  }

  /** Painted views of the last tree read (see paintedRegions()). */
  private painted: Rect[] = [];

  async describe(): Promise<Screen> {
    return this.guard(async () => {
      const [xml, app] = await Promise.all([this.freshTree(), this.readAppState()]);
      const screen = importScreen(xml, { format: 'android-xml', scale: this.px });
      this.painted = paintedRegions(screen);
      screen.appState = { ...screen.appState, ...app };
      if (app.app) screen.app = app.app;
      return screen;
    });
  }

  /**
   * SurfaceViews and their kin in the last tree read: the app paints them, uiautomator cannot
   * see into them. Taken from the tree as dumped, since cleaning drops an unnamed, empty view.
   */
  async paintedRegions(): Promise<Rect[]> {
    return this.painted;
  }

  async perform(timeline: AdmittedTimeline, options: PerformOptions = {}): Promise<void> {
    const pointer = this.pointer;
    if (pointer) return this.input(() => pointer.perform(timeline, this.px));
    const single = motionSteps(timeline, this.px);
    if (!single && !this.touchscreen) {
      throw new SimlabError('UNSUPPORTED', `this device cannot touch with several fingers at once: ${this.capabilities.reasons?.multiTouch ?? ''}`, {
        details: { capability: 'multiTouch' },
      });
    }
    await this.input(async () => {
      options.signal?.throwIfAborted();
      const gesture = new AbortController();
      this.gesture = gesture;
      const signal = options.signal ? AbortSignal.any([gesture.signal, options.signal]) : gesture.signal;
      let sent = 0;
      try {
        if (single) {
          await this.timed(single, signal, async (step) => {
            this.held.motion = { x: step.x, y: step.y };
            await this.checked(motionCommand(step));
            sent++;
            if (step.action === 'UP') this.held.motion = null;
          });
        } else {
          const ts = this.touchscreen as Touchscreen;
          const batches = mtBatches(timeline, this.px, { w: this.facts.widthPx, h: this.facts.heightPx }, ts, () => this.nextTrackingId(ts));
          this.held.slots = Array.from({ length: Math.min(ts.slots, timeline.fingers.length) }, (_, i) => i);
          await this.timed(batches, signal, async (batch) => {
            await this.checked(sendeventCommand(ts.path, batch.events));
            sent++;
          });
          this.held.slots = [];
        }
      } catch (err) {
        await this.releaseFingers();
        throw asDelivered(err, sent > 0);
      } finally {
        this.gesture = undefined;
      }
    });
  }

  async type(text: string): Promise<void> {
    if (typeof text !== 'string') throw new SimlabError('INVALID_ARGS', 'type needs a text string');
    const reason = untypeableReason(text);
    const helper = this.textInput;
    if (helper) {
      try {
        return await this.input(() => helper.type(text));
      } catch (err) {
        // Nothing focused for the server (a game or a custom view taking keys): `input text` sends key events anyway.
        if (reason || !(err instanceof SimlabError && err.options.details?.focused === null)) throw err;
      }
    }
    if (reason) throw new SimlabError('UNSUPPORTED', reason, { details: { capability: 'type' }, hint: 'type ASCII text; other characters need an input method on the device (the UiAutomator2 server)' });
    const lines = inputTextCommands(text);
    if (!lines.length) return;
    await this.input(async () => {
      let sent = 0;
      try {
        for (const line of lines) {
          await this.checked(line);
          sent++;
        }
      } catch (err) {
        throw asDelivered(err, sent > 0);
      }
    });
  }

  async key(name: string): Promise<void> {
    const code = keyCode(name);
    await this.input(() => this.checked(`input keyevent ${code}`));
  }

  async button(button: 'back' | 'home'): Promise<void> {
    if (button !== 'back' && button !== 'home') {
      throw new SimlabError('INVALID_ARGS', `unknown button "${String(button)}"`, { hint: 'Buttons: back, home' });
    }
    await this.input(() => this.checked(`input keyevent ${button === 'back' ? KEYCODE_BACK : KEYCODE_HOME}`));
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<ScreenshotResult> {
    const area = screenshotArea(options, this.info.size);
    return this.guard(async () => {
      const source = this.frameSource;
      if (source instanceof MinicapFrames) {
        // minicap's still frame (the live stream's last, or `minicap -s`); screencap if it fails.
        const still = await source.still(options.scale ?? 1).catch(() => undefined);
        if (still) return renderScreenshot(still.jpeg, area, still.pxPerPoint, options);
      }
      return renderScreenshot(await this.screencapPng(), area, this.px, options);
    });
  }

  private async screencapPng(): Promise<Buffer> {
    const png = await this.adb.exec('screencap -p');
    if (png.length < 8 || png.readUInt32BE(0) !== 0x89504e47) {
      throw new SimlabError('DEVICE_UNAVAILABLE', `screencap returned no PNG: ${png.subarray(0, 120).toString('utf8')}`, { delivery: 'not_delivered' });
    }
    return png;
  }

  /** Frames from the path picked at open; one source subscription feeds every listener and the frame rate. */
  frames(onFrame: (frame: Frame) => void): () => void {
    this.requireUsable();
    this.frameListeners.add(onFrame);
    this.stopSource ??= this.frameSource.subscribe((frame) => this.relay(frame));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.frameListeners.delete(onFrame);
      if (this.frameListeners.size > 0) return;
      this.stopSource?.();
      this.stopSource = undefined;
      this.framesWatch.frame();
      this.onStatusChange?.();
    };
  }

  /** screenrecord's own H.264 for a recording to copy; null on the screencap path. */
  h264(onUnit: (unit: AccessUnit, first: boolean) => void): H264Stream | null {
    this.requireUsable();
    return this.frameSource instanceof ScreenrecordFrames ? this.frameSource.h264(onUnit) : null;
  }

  status(): DeviceStatus {
    return {
      frames: { ...this.framePath, fps: this.frameRate.fps },
      ...(this.battery ? { battery: this.battery } : {}),
      ...(this.helperStatus ? { helpers: [this.helperStatus] } : {}),
    };
  }

  /** Reads the battery now and again every minute; a change is announced. */
  async watchHealth(everyMs = 60_000): Promise<void> {
    const read = async () => {
      const h = await readHealth(this.adb).catch(() => undefined);
      if (!h || this.closed) return;
      const battery = { level: h.batteryLevel, temperatureC: h.temperatureC, charging: h.charging };
      const changed = JSON.stringify(battery) !== JSON.stringify(this.battery);
      this.battery = battery;
      if (changed) this.onStatusChange?.();
    };
    await read();
    clearInterval(this.healthTimer);
    this.healthTimer = setInterval(() => void read(), everyMs);
    this.healthTimer.unref();
  }

  async appState(): Promise<AppState> {
    return this.guard(() => this.readAppState());
  }

  /**
   * Still once the app's own frames say so (framesSayStill), else once consecutive dumps stay
   * identical for `quietMs` (counting from the last input), the fallback where the frames give
   * no evidence (an app that draws without hwui, a blinking cursor, an endless animation).
   */
  async waitForStill(options: WaitForStillOptions = {}): Promise<Stillness> {
    const quietMs = options.quietMs ?? 250;
    const timeoutMs = options.timeoutMs ?? 5000;
    return this.guard(async () => {
      const start = performance.now();
      for (;;) {
        let reading: TreeReading | undefined;
        try {
          reading = await this.readTree();
        } catch (err) {
          // An app that will not come to rest is "not still", not broken.
          if (!(err instanceof SimlabError && err.code === 'APP_UNRESPONSIVE')) throw err;
        }
        const now = performance.now();
        const sameFor = reading ? now - Math.max(reading.since, this.lastInputAt) : 0;
        this.settled = reading;
        if (sameFor >= quietMs) return { still: true, ms: Math.round(sameFor) };
        const vouched = reading && timeoutMs > 0 ? await this.framesSayStill(reading) : undefined;
        if (reading && vouched !== undefined) {
          // The screen has been this dump until at least then: describe() may take it as fresh from there.
          this.settled = { ...reading, at: vouched };
          return { still: true, ms: Math.round(performance.now() - Math.max(reading.since, this.lastInputAt)) };
        }
        const elapsed = now - start;
        if (elapsed >= timeoutMs) return { still: false, ms: Math.round(Math.max(0, sameFor)) };
        await sleep(Math.min(POLL_MS, Math.max(0, quietMs - sameFor), timeoutMs - elapsed));
      }
    });
  }

  /** The Android-only verbs (core/wire/android-commands.ts), arguments already checked. */
  async platformVerb(verb: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.guard(async () => {
      if (verb === 'android.health') return { ...(await readHealth(this.adb)) };
      if (verb === 'android.rotate') {
        await this.input(() => rotate(this.adb, args.degrees as 0 | 90 | 180 | 270));
        return { degrees: args.degrees, rotationLocked: true };
      }
      if (verb === 'android.uninstall-helpers' && this.helper) {
        // From now on the device is read and touched the way it was before the helper.
        this.pointer = undefined;
        this.textInput = undefined;
        this.tree = new UiautomatorTreeSource(this.adb);
        this.capabilities.multiTouch = !!this.touchscreen;
        await this.helper.uninstall();
        this.helperStatus = { name: 'uiautomator2-server', state: 'removed', detail: 'uninstalled on request' };
        this.onStatusChange?.();
        return { uninstalled: ['io.appium.uiautomator2.server', 'io.appium.uiautomator2.server.test'] };
      }
      throw new SimlabError('UNSUPPORTED', `${verb} is not offered by this Android device`);
    });
  }

  async releaseAll(): Promise<void> {
    this.gesture?.abort(new SimlabError('INTERNAL', 'the gesture was cut short: its fingers were released', { delivery: 'delivery_uncertain' }));
    await this.releaseFingers();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.gesture?.abort(new SimlabError('DEVICE_UNAVAILABLE', 'the Android device closed during the gesture', { delivery: 'delivery_uncertain' }));
    clearInterval(this.healthTimer);
    this.frameSource.stop();
    await this.releaseFingers();
    await this.helper?.close();
    await this.restoreAwake?.().catch(() => undefined);
  }

  /**
   * Whether the app's frames (`dumpsys gfxinfo <package> framestats`, frame-stats.ts) vouch for
   * the reading: nothing drawn since its dump began, nor for a few frames' time after the
   * input. A reading the input may not show yet, an app the dump does not name, and a device
   * whose gfxinfo says nothing of the app give no evidence. Answers until when the reading is
   * known to be the screen, or undefined.
   */
  private async framesSayStill(reading: TreeReading): Promise<number | undefined> {
    if (reading.at <= this.lastInputAt) return undefined;
    const pkg = packageOfDump(reading.xml);
    if (!pkg) return undefined;
    // The app gets a few frames' time to draw its reaction to the input before its silence counts.
    const early = FRAME_IDLE_MS - (performance.now() - this.lastInputAt);
    if (early > 0) await sleep(early);
    const sentAt = performance.now();
    const r = await this.adb.run(`dumpsys gfxinfo ${pkg} framestats`);
    const answeredAt = performance.now();
    const stats = r.code === 0 ? parseFrameStats(r.stdout.toString('utf8')) : undefined;
    return stats !== undefined && framesAtRest(stats, { dumpStartedAt: reading.at, sentAt, answeredAt, lastInputAt: this.lastInputAt }) ? sentAt : undefined;
  }

  /** The dump waitForStill() ended on, if no input came since and it is recent; else a new one. */
  private async freshTree(): Promise<string> {
    const r = this.settled;
    this.settled = undefined;
    if (r && r.at > this.lastInputAt && performance.now() - r.at <= FRESH_TREE_MS) return r.xml;
    return (await this.readTree()).xml;
  }

  private async readTree(): Promise<TreeReading> {
    // A dump begun before the last input ended may not show it, however late it returns.
    const at = performance.now();
    const xml = await this.tree.dump();
    const previous = this.reading;
    const since = previous && previous.xml === xml && previous.at > this.lastInputAt ? previous.since : at;
    this.reading = { xml, at, since };
    return this.reading;
  }

  private async readAppState(): Promise<AppState> {
    const r = await this.adb.run('dumpsys window | grep -E "mCurrentFocus|mFocusedApp"');
    return parseDumpsysWindow(r.stdout.toString('utf8'));
  }

  private nextTrackingId(ts: Touchscreen): number {
    this.trackingId = (this.trackingId % ts.trackingMax) + 1;
    return this.trackingId;
  }

  /** Sends steps at their times (ms from now), one after another, until the signal aborts. */
  private async timed<S extends { t: number }>(steps: S[], signal: AbortSignal, send: (step: S) => Promise<void>): Promise<void> {
    const start = performance.now();
    for (const step of steps) {
      const wait = start + step.t - performance.now();
      if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw signal.reason;
      await send(step);
    }
  }

  /** Runs a device command that must succeed; a refusal is an error naming what the device said. */
  private async checked(command: string): Promise<CommandResult> {
    const r = await this.adb.run(command);
    const said = `${r.stderr.toString('utf8')}${r.stdout.toString('utf8')}`.trim();
    if (r.code !== 0 || /Exception|Error:/.test(said)) {
      throw new SimlabError('INTERNAL', `the device refused \`${command.slice(0, 80)}\`: ${said.slice(0, 300) || `status ${r.code}`}`, {
        delivery: 'delivery_uncertain',
        details: { serial: this.serial, status: r.code },
      });
    }
    return r;
  }

  private async releaseFingers(): Promise<void> {
    const { motion, slots } = this.held;
    this.held.motion = null;
    this.held.slots = [];
    if (motion) await this.adb.run(`input motionevent CANCEL ${motion.x} ${motion.y}`).catch(() => undefined);
    if (slots.length && this.touchscreen) await this.adb.run(sendeventCommand(this.touchscreen.path, liftEvents(slots, this.touchscreen))).catch(() => undefined);
  }

  private requireUsable(): void {
    if (this.closed) throw new SimlabError('DEVICE_UNAVAILABLE', `the Android device ${this.serial} is closed`);
    if (this.state !== 'device' && this.state !== 'emulator') {
      throw deviceUnavailable(this.serial, 'not_delivered', this.state === 'unauthorized' ? 'unauthorized: accept the USB debugging prompt on the device' : `the adb server reports it ${this.state}`);
    }
  }

  private input<T>(action: () => Promise<T>): Promise<T> {
    try {
      this.requireUsable();
    } catch (err) {
      return Promise.reject(err);
    }
    const run = this.inputChain.then(action, action).finally(() => {
      this.lastInputAt = performance.now();
    });
    this.inputChain = run.catch(() => undefined);
    return run;
  }

  private async guard<T>(action: () => Promise<T>): Promise<T> {
    this.requireUsable();
    return action();
  }
}

/** After part of a gesture went out, a failure can no longer promise nothing was delivered. */
function asDelivered(err: unknown, sentSome: boolean): unknown {
  if (sentSome && err instanceof SimlabError && err.options.delivery === 'not_delivered') return err.withDelivery('delivery_uncertain');
  return err;
}
