// What the shell's command handlers (commands/*.ts) see of the virtual device: its data types and
// the members they use. The device implements DeviceParts; the handlers import only this file, so
// the device and its handlers do not import each other.
import type { VirtualFs } from './fs.js';
import type { CommandHandler } from './sh-run.js';
import type { MultiTouchDecoder } from './touchscreen.js';
import type { ScreenGraph } from '../screen-graph.js';
import type { ScreenGraphSpec } from '../screen-graphs.js';
import type { Uia2Model } from '../uia2/uia2-model.js';

export interface DeviceIdentity {
  /** ro.product.name (the banner's product:). */
  product: string;
  /** ro.product.model (the banner's model:). */
  model: string;
  /** ro.product.device (the banner's device:). */
  device: string;
  manufacturer: string;
  sdk: number;
  release: string;
}

export interface DeviceConfig {
  identity: DeviceIdentity;
  graph: ScreenGraphSpec;
  fixturesDir: string;
  width: number;
  height: number;
  density: number;
  /** Emulator-like: the shell may write /dev/input (sendevent); real phones refuse it. */
  sendeventAllowed: boolean;
  /** How long `uiautomator dump` takes (real devices: 1–3 s). */
  dumpDelayMs: number;
  /** Frames per second `screenrecord` renders. */
  recordFps: number;
  /** Whether the build has `screenrecord`. */
  screenrecord: boolean;
  /** How long `uiautomator dump` waits for an animation to end before failing (real: 10 s). */
  idleTimeoutMs: number;
  /** An animation this long follows every change of screen (0: none). */
  transitionAnimationMs: number;
  /** `dumpsys gfxinfo ... framestats` lists the app's frames (false: it draws without hwui). */
  hwuiFrames: boolean;
  /** ro.product.cpu.abi: which pushed binaries run here. */
  abi: string;
  /** minicap's capture fails with this (a build whose private APIs minicap.so cannot use); null: it works. */
  minicapError: string | null;
}

/** One simple command the device's shell ran, after expansion; `line` is the whole command line. */
export interface ExecutedCommand {
  argv: string[];
  line: string;
  at: number;
}

export type InputEvent =
  | { kind: 'tap'; x: number; y: number; at: number }
  | { kind: 'swipe'; x1: number; y1: number; x2: number; y2: number; durationMs: number; at: number }
  | { kind: 'text'; text: string; at: number }
  | { kind: 'key'; code: number; name: string; longPress: boolean; at: number }
  | { kind: 'motion'; action: 'DOWN' | 'MOVE' | 'UP' | 'CANCEL'; x: number; y: number; at: number };

export type DumpFailure = 'idle' | 'null-root';

export const DUMP_FAILURE_MESSAGES: Record<DumpFailure, string> = {
  idle: 'ERROR: could not get idle state.',
  'null-root': 'ERROR: null root node returned by UiTestAutomationBridge.',
};

/** A connection to an abstract socket as the program listening on it sees it (the `localabstract:` service's stream). */
export interface SocketClient {
  write(data: Buffer): Promise<void>;
  close(): void;
  /** Aborted when the client goes. */
  readonly signal: AbortSignal;
}

/** A long-running program on the device (`ps` would list it): killed through its signal. */
export interface DeviceProcess {
  readonly pid: number;
  readonly name: string;
  /** Aborted when the process is killed. */
  readonly signal: AbortSignal;
  /** The process ended by itself (or after the kill): it leaves the process table. */
  exit(): void;
}

/** The device as its command handlers use it. */
export interface DeviceParts {
  readonly config: DeviceConfig;
  readonly fs: VirtualFs;
  readonly graph: ScreenGraph;
  readonly props: Map<string, string>;
  readonly typedText: string[];
  readonly inputEvents: InputEvent[];
  readonly dumpFailures: DumpFailure[];
  readonly touch: MultiTouchDecoder;
  readonly uia2: Uia2Model;
  readonly settings: Map<string, string>;
  readonly battery: { level: number; usb: boolean; temperatureTenths: number };
  readonly installedPackages: Set<string>;
  readonly tcpPorts: Map<number, number>;
  /** Abstract unix sockets something listens on (`localabstract:` service), by name. */
  readonly abstractSockets: Map<string, (client: SocketClient) => void>;
  activeRecordings: number;
  screenOn: boolean;
  uia2Stopped: (() => void) | undefined;
  now(): number;
  commandHandler(name: string): CommandHandler | undefined;
  tap(x: number, y: number): void;
  pressKey(code: number, longPress?: boolean): void;
  motionEvent(action: 'DOWN' | 'MOVE' | 'UP' | 'CANCEL', x: number, y: number): void;
  animationRemaining(): number;
  /** When the app drew its last frames (device ms, oldest first), as `dumpsys gfxinfo` lists them. */
  framesDrawn(): number[];
  /** The screen as a PNG; `at` (device ms) is the instant an animation is drawn at. */
  screenPng(at?: number): Promise<Buffer>;
  killUia2(): void;
  /** Enters a long-running program in the process table. */
  startProcess(name: string): DeviceProcess;
  /** Kills the process with this pid (`kill`); false when there is none. */
  killPid(pid: number): boolean;
  /** Kills every process of this name (`pkill`, or a crash); how many. */
  killProcesses(name: string): number;
}
