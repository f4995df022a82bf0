import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { SimlabError } from '../../../core/contract/index.js';
import type { AdmittedTimeline } from '../../../core/wire/admitted-timeline.js';
import { importScreen } from '../../../core/importers/index.js';
import { IOS_VERBS, type IosVerb } from '../../../core/wire/ios-commands.js';
import { touchEvents } from '../../../core/wire/ios-helper-protocol.js';
import type { AppState, Point, Screen, Stillness, UiNode } from '../../../core/model/index.js';
import { containsPoint } from '../../../core/model/index.js';
import type { Capabilities, DeviceBridge, DeviceInfo, Frame, PerformOptions, ScreenshotOptions, ScreenshotResult, WaitForStillOptions } from '../../bridge.js';
import { renderScreenshot } from '../../render-screenshot.js';
import { screenshotArea } from '../../screenshot-area.js';
import type { HelperClient } from './helper/helper-client.js';
import { hidKey, iosKeys } from './keys.js';
import { oneFingerStrokes, type Stroke } from './one-finger.js';
import type { Simctl, Simulator } from './simctl.js';
import type { UiTool } from './ui-tool.js';

export interface IosDeviceParts {
  id: string;
  simulator: Simulator;
  simctl: Simctl;
  tool: UiTool;
  /** Screen size in points (the Application element's frame) and pixels per point. */
  size: { w: number; h: number };
  scale: number;
  helper?: { client: HelperClient; multiTouch: boolean; name: string };
  /** Why there is no helper, for the capability reasons. */
  helperMissing?: string;
  /** Folder `ios.install` may install apps from (by name); none: the verb is not offered. */
  appsDir?: string;
}

interface TreeReading {
  json: string;
  at: number;
  since: number;
}

const POLL_MS = 100;
/** How old a settled tree may be and still answer the next describe(). */
const FRESH_TREE_MS = 1000;
/** Frames per second polled from `simctl io screenshot` when there is no helper to stream. */
const POLLED_FPS = 2;
const HELPER_FPS = 15;
const FRAME_QUALITY = 70;

/**
 * One booted iOS simulator on a Mac host: the tree from AXe or idb (imported by core), hit
 * tests from their point query (so the session fills gaps), input through them one finger at a
 * time, or through native/ios for several fingers and paths of any shape, and frames from
 * simctl or the helper. Every tool call has a deadline; a dead simulator is DEVICE_UNAVAILABLE.
 */
export class IosDevice implements DeviceBridge {
  readonly info: DeviceInfo;
  readonly capabilities: Capabilities;
  private readonly parts: IosDeviceParts;
  private reading: TreeReading | undefined;
  private settled: TreeReading | undefined;
  private lastInputAt = -Infinity;
  private fingerDown: Point | undefined;
  private gesture: AbortController | undefined;
  private readonly frameListeners = new Set<(frame: Frame) => void>();
  private framesRunning = false;
  private closed = false;

  constructor(parts: IosDeviceParts) {
    this.parts = parts;
    const { simulator, size, scale, tool, helper } = parts;
    this.info = {
      id: parts.id,
      platform: 'ios',
      model: simulator.deviceType?.replace(/^com\.apple\.CoreSimulator\.SimDeviceType\./, '') ?? simulator.name,
      name: `${simulator.name} (${simulator.runtime}, simulator)`,
      size,
      scale,
      orientation: size.w > size.h ? 'landscape' : 'portrait',
    };
    const reasons: Record<string, string> = {};
    const multiTouch = helper?.multiTouch ?? false;
    if (!multiTouch) reasons.multiTouch = helper ? `${helper.name} reports no multi-touch channel` : `needs the native helper: ${parts.helperMissing ?? 'not built'}`;
    if (!helper) reasons.paths = 'without the native helper, one-finger paths are straight strokes (no holds, no curves)';
    if (!tool.keyCombos) reasons.paste = `${tool.name} cannot hold Command for Cmd+V; install AXe`;
    reasons.buttons = 'iOS has no back button; use the app\'s own back control';
    const verbs = IOS_VERBS.filter((v) => v !== 'ios.install' || parts.appsDir !== undefined);
    if (!parts.appsDir) reasons['ios.install'] = 'set SIMLAB_IOS_APPS_DIR to the folder of .app bundles agents may install';
    this.capabilities = {
      multiTouch,
      hitTest: true,
      type: true,
      paste: tool.keyCombos,
      keys: iosKeys(tool.keyCombos),
      buttons: ['home'],
      screenshot: true,
      frames: true,
      record: false,
      platformVerbs: verbs,
      reasons,
    };
  }

  get udid(): string {
    return this.parts.simulator.udid;
  }

  async describe(): Promise<Screen> {
    const json = await this.freshTree();
    return importScreen(json, { format: 'idb-json', scale: this.info.scale });
  }

  async hitTest(point: Point): Promise<UiNode | null> {
    const json = await this.parts.tool.describePoint(this.udid, point);
    if (json.trim() === '' || json.trim() === 'null' || json.trim() === '[]') return null;
    const screen = importScreen(json, { format: 'idb-json', scale: this.info.scale });
    // The point query answers one element; the importer may wrap it in an application node.
    let node = screen.root;
    for (;;) {
      const inside = node.children.find((c) => containsPoint(c.frame, point));
      if (!inside) break;
      node = inside;
    }
    return { ...node, children: [] };
  }

  async perform(timeline: AdmittedTimeline, options: PerformOptions = {}): Promise<void> {
    this.requireOpen();
    this.lastInputAt = performance.now();
    const gesture = new AbortController();
    this.gesture = gesture;
    // The session gives up a command past its deadline: the strokes stop and the finger lifts.
    options.signal?.addEventListener('abort', () => void this.releaseAll().catch(() => undefined), { once: true });
    try {
      if (this.parts.helper) await this.parts.helper.client.touch(touchEvents(timeline.fingers));
      else await this.playStrokes(oneFingerStrokes(timeline), gesture.signal);
    } finally {
      this.lastInputAt = performance.now();
      if (this.gesture === gesture) this.gesture = undefined;
    }
  }

  async type(text: string): Promise<void> {
    this.requireOpen();
    this.lastInputAt = performance.now();
    // The HID keyboard carries US-keyboard characters only; the rest arrives by pasting.
    if (/^[\x20-\x7e\n\t]*$/.test(text)) await this.parts.tool.type(this.udid, text);
    else if (this.capabilities.paste) await this.paste(text);
    else throw new SimlabError('UNSUPPORTED', `${this.parts.tool.name} types US-keyboard characters only, and cannot paste`, { hint: this.capabilities.reasons?.paste });
    this.lastInputAt = performance.now();
  }

  async paste(text: string): Promise<void> {
    this.requireOpen();
    await this.parts.simctl.pbcopy(this.udid, text);
    await this.key('Meta+v');
  }

  async key(name: string): Promise<void> {
    this.requireOpen();
    const k = hidKey(name, this.parts.tool.keyCombos);
    this.lastInputAt = performance.now();
    await this.parts.tool.key(this.udid, k.usage, k.modifiers);
    this.lastInputAt = performance.now();
  }

  async button(button: 'back' | 'home'): Promise<void> {
    this.requireOpen();
    if (button === 'back') throw new SimlabError('UNSUPPORTED', 'iOS has no back button', { hint: this.capabilities.reasons?.buttons, details: { capability: 'buttons' } });
    this.lastInputAt = performance.now();
    await this.parts.tool.button(this.udid, 'home');
    this.lastInputAt = performance.now();
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<ScreenshotResult> {
    const area = screenshotArea(options, this.info.size);
    const png = await this.parts.simctl.screenshot(this.udid);
    return renderScreenshot(png, area, this.info.scale, options);
  }

  frames(onFrame: (frame: Frame) => void): () => void {
    this.requireOpen();
    this.frameListeners.add(onFrame);
    if (!this.framesRunning) void this.pumpFrames();
    return () => this.frameListeners.delete(onFrame);
  }

  async appState(): Promise<AppState> {
    const screen = await this.describe();
    return screen.app ? { app: screen.app } : {};
  }

  /** Still once consecutive trees stay identical for `quietMs` (counting from the last input). */
  async waitForStill(options: WaitForStillOptions = {}): Promise<Stillness> {
    const quietMs = options.quietMs ?? 250;
    const timeoutMs = options.timeoutMs ?? 5000;
    const start = performance.now();
    for (;;) {
      const reading = await this.readTree();
      this.settled = reading;
      const now = performance.now();
      const sameFor = now - Math.max(reading.since, this.lastInputAt);
      if (sameFor >= quietMs) return { still: true, ms: Math.round(sameFor) };
      const elapsed = now - start;
      if (elapsed >= timeoutMs) return { still: false, ms: Math.round(Math.max(0, sameFor)) };
      await sleep(Math.min(POLL_MS, Math.max(0, quietMs - sameFor), timeoutMs - elapsed));
    }
  }

  async releaseAll(): Promise<void> {
    this.gesture?.abort(new SimlabError('INTERNAL', 'the gesture was cut short: its finger was lifted', { delivery: 'delivery_uncertain' }));
    if (this.parts.helper) await this.parts.helper.client.release();
    else await this.liftFinger();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.gesture?.abort(new SimlabError('DEVICE_UNAVAILABLE', 'the iOS device closed during the gesture', { delivery: 'delivery_uncertain' }));
    this.frameListeners.clear();
    await this.liftFinger().catch(() => undefined);
    this.parts.helper?.client.close();
  }

  /** A platform verb (`ios.launch`, ...), its arguments already checked against core/wire/ios-commands. */
  async platformVerb(verb: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.requireOpen();
    const { simctl } = this.parts;
    const udid = this.udid;
    this.lastInputAt = performance.now();
    switch (verb as IosVerb) {
      case 'ios.launch':
        await simctl.launch(udid, String(args.bundleId));
        break;
      case 'ios.terminate':
        await simctl.terminate(udid, String(args.bundleId));
        break;
      case 'ios.open-url':
        await simctl.openUrl(udid, String(args.url));
        break;
      case 'ios.appearance':
        await simctl.setAppearance(udid, args.mode === 'dark' ? 'dark' : 'light');
        break;
      case 'ios.status-bar':
        await simctl.statusBar(udid, args.clean === true);
        break;
      case 'ios.install':
        await simctl.install(udid, this.appPath(String(args.app)));
        break;
      case 'ios.erase':
        await simctl.shutdown(udid);
        await simctl.erase(udid);
        await simctl.boot(udid);
        break;
      default:
        throw new SimlabError('UNSUPPORTED', `${verb} is not an iOS verb`);
    }
    this.lastInputAt = performance.now();
    return { ...args };
  }

  private appPath(name: string): string {
    const dir = this.parts.appsDir;
    if (!dir) throw new SimlabError('UNSUPPORTED', 'no apps folder is configured on this host', { hint: this.capabilities.reasons?.['ios.install'] });
    // The name was checked at the boundary (no separators, ends in .app); the folder is the host's.
    return `${dir.replace(/\/+$/, '')}/${name}`;
  }

  private async playStrokes(strokes: Stroke[], signal: AbortSignal): Promise<void> {
    const { tool } = this.parts;
    const start = performance.now();
    for (const s of strokes) {
      const wait = start + s.at - performance.now();
      if (wait > 0) await sleep(wait, undefined, { signal });
      signal.throwIfAborted();
      if (s.kind === 'tap') await tool.tap(this.udid, s.point);
      else if (s.kind === 'line') await tool.swipe(this.udid, s.from, s.to, s.ms / 1000);
      else await this.press(s.point, s.ms, signal);
    }
  }

  private async press(point: Point, ms: number, signal: AbortSignal): Promise<void> {
    const { tool } = this.parts;
    if (!tool.touch) {
      throw new SimlabError('UNSUPPORTED', `${tool.name} cannot hold a finger down; long presses need AXe or the native helper`, { details: { capability: 'paths' } });
    }
    await tool.touch(this.udid, point, 'down');
    this.fingerDown = point;
    try {
      await sleep(ms, undefined, { signal });
    } finally {
      await this.liftFinger();
    }
  }

  private async liftFinger(): Promise<void> {
    const at = this.fingerDown;
    if (!at || !this.parts.tool.touch) return;
    this.fingerDown = undefined;
    await this.parts.tool.touch(this.udid, at, 'up');
  }

  private async pumpFrames(): Promise<void> {
    this.framesRunning = true;
    const helper = this.parts.helper;
    const interval = 1000 / (helper ? HELPER_FPS : POLLED_FPS);
    try {
      while (this.frameListeners.size > 0 && !this.closed) {
        const began = performance.now();
        const frame = helper ? await this.helperFrame(helper.client) : await this.polledFrame();
        for (const listener of this.frameListeners) listener(frame);
        await sleep(Math.max(0, interval - (performance.now() - began)));
      }
    } catch {
      // A dead simulator ends the stream; the session learns of it on its next command.
    } finally {
      this.framesRunning = false;
    }
  }

  private async helperFrame(client: HelperClient): Promise<Frame> {
    const f = await client.frame(FRAME_QUALITY);
    return { data: f.jpeg, format: 'jpeg', timestamp: f.timestamp, width: f.width, height: f.height };
  }

  private async polledFrame(): Promise<Frame> {
    const png = await this.parts.simctl.screenshot(this.udid);
    const timestamp = Date.now();
    const { data, info } = await sharp(png)
      .resize(Math.round(this.info.size.w), Math.round(this.info.size.h), { fit: 'fill' })
      .jpeg({ quality: FRAME_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, format: 'jpeg', timestamp, width: info.width, height: info.height };
  }

  /** The tree waitForStill() ended on, if no input came since; else a new one. */
  private async freshTree(): Promise<string> {
    const r = this.settled;
    this.settled = undefined;
    if (r && r.at > this.lastInputAt && performance.now() - r.at <= FRESH_TREE_MS) return r.json;
    return (await this.readTree()).json;
  }

  private async readTree(): Promise<TreeReading> {
    this.requireOpen();
    const json = await this.parts.tool.describeAll(this.udid);
    const at = performance.now();
    const previous = this.reading;
    const since = previous && previous.json === json && previous.at > this.lastInputAt ? previous.since : at;
    this.reading = { json, at, since };
    return this.reading;
  }

  private requireOpen(): void {
    if (this.closed) throw new SimlabError('DEVICE_UNAVAILABLE', `${this.info.name} was closed`, { delivery: 'not_delivered' });
  }
}
