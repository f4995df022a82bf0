import type { AppState, Platform, Point, Rect, Screen, Stillness, UiNode } from '../core/model/index.js';
import type { AdmittedTimeline } from '../core/wire/admitted-timeline.js';
import type { StreamOptions } from '../core/wire/worker-protocol.js';
import type { DeviceStatus } from '../core/wire/device.js';
import type { AccessUnit } from './media/h264-access-units.js';

/** What a device can do; asking for a missing one is UNSUPPORTED with the reason. */
export interface Capabilities {
  multiTouch: boolean;
  hitTest: boolean;
  type: boolean;
  paste: boolean;
  keys: string[];
  buttons: Array<'back' | 'home'>;
  screenshot: boolean;
  frames: boolean;
  record: boolean;
  /** Platform-only verbs this device offers, e.g. `web.open`. */
  platformVerbs: string[];
  /** Why a capability is missing, by capability name. */
  reasons?: Record<string, string>;
}

export interface DeviceInfo {
  id: string;
  platform: Platform;
  model: string;
  name: string;
  /** Screen size in points and device pixels per point. */
  size: { w: number; h: number };
  scale: number;
  orientation: 'portrait' | 'landscape';
}

export interface ScreenshotOptions {
  /** Image pixels per point (1 = one pixel per point). */
  scale?: number;
  crop?: Rect;
  format?: 'jpeg' | 'png';
  /** JPEG quality 1-100 (the bridge's own default when absent); PNG ignores it. */
  quality?: number;
}

export interface ScreenshotResult {
  data: Buffer;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  /** Top-left of the image in device points (the crop's origin), to map a tap on it back. */
  origin: Point;
  scale: number;
}

export interface Frame {
  data: Buffer;
  format: 'jpeg';
  /** When the device produced it (ms since epoch). */
  timestamp: number;
  width: number;
  height: number;
}

/** A device's H.264 as a recording takes it. */
export interface H264Stream {
  /** The screen in points, as touches are given (the video is in the device's pixels, its SPS says how many). */
  points: { w: number; h: number };
  stop(): void;
}

export interface PerformOptions {
  /** Aborting it stops the gesture before its next step and lifts every finger it holds. */
  signal?: AbortSignal;
}

export interface WaitForStillOptions {
  quietMs?: number;
  timeoutMs?: number;
}

/**
 * One platform turned into the same small interface (DESIGN.md section 7). A new
 * platform is a new folder under workers/bridges/ implementing this.
 */
export interface DeviceBridge {
  readonly info: DeviceInfo;
  readonly capabilities: Capabilities;
  /** The current screen, imported into the core model (not yet cleaned of nothing: cleaning is the importer's). */
  describe(): Promise<Screen>;
  /** What is at this point, where the platform can answer. */
  hitTest?(point: Point): Promise<UiNode | null>;
  /**
   * Every control painted in these regions (points), in one call, where the platform can scan
   * (cheaper than a hitTest per point). Elements found so have `source: 'hit'`.
   */
  hitScan?(regions: Rect[]): Promise<UiNode[]>;
  /**
   * Where the platform paints content its tree cannot see into (a web canvas or video, an
   * Android SurfaceView), in points: the pixel channel reads these regions.
   */
  paintedRegions?(screen: Screen): Promise<Rect[]>;
  /** Sends a timeline admission checked against this screen (the only kind there is to send). */
  perform(timeline: AdmittedTimeline, options?: PerformOptions): Promise<void>;
  type(text: string): Promise<void>;
  paste?(text: string): Promise<void>;
  key(key: string): Promise<void>;
  button(button: 'back' | 'home'): Promise<void>;
  screenshot(options?: ScreenshotOptions): Promise<ScreenshotResult>;
  /**
   * Live frames, only while subscribed; returns the unsubscribe function. A bridge that can
   * choose its frames' size and quality takes `options` (else it streams what the device gives).
   */
  frames(onFrame: (frame: Frame) => void, options?: StreamOptions): () => void;
  /**
   * The device's own H.264, where its frames come encoded (Android's screenrecord), so a
   * recording copies it instead of encoding frames again: access units stamped when they
   * arrived, from the first key frame of a stream started for this listener on. `first` marks
   * each stream's first unit (key, with its parameter sets in it): the device restarts its
   * encoder now and then. Null when the frames do not come so (the recording then encodes).
   */
  h264?(onUnit: (unit: AccessUnit, first: boolean) => void): H264Stream | null;
  /**
   * Told, with why, when the live frames stop by themselves while subscribed (the device went
   * away, its recorder would not start again), so a recording ends saying so instead of
   * repeating its last frame; returns the unsubscribe function. Where a bridge cannot tell, absent.
   */
  onFramesLost?(listener: (reason: string) => void): () => void;
  appState(): Promise<AppState>;
  waitForStill(options?: WaitForStillOptions): Promise<Stillness>;
  /**
   * A platform-only verb this device lists in `capabilities.platformVerbs` (`web.open`,
   * `ios.launch`), its arguments already checked against the wire schema; answers what the
   * verb did. The session observes the screen after it.
   */
  platformVerb?(verb: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** How the device is doing now (frame path, battery, helpers), where the bridge knows; announced with the device. */
  status?(): DeviceStatus;
  /** Lift every held finger and key (after a failure mid-gesture). */
  releaseAll(): Promise<void>;
  close(): Promise<void>;
}
