// The simulated Android device behind the ADB transport: its file system, properties, screen
// graph, touchscreen and everything the shell commands did, for tests to inspect.
import { performance } from 'node:perf_hooks';
import { VirtualFs } from './fs.js';
import { Shell, collector } from './sh-run.js';
import type { CommandHandler, CommandIo } from './sh-run.js';
import { MultiTouchDecoder } from './touchscreen.js';
import type { Gesture } from './touchscreen.js';
import { ScreenGraph } from '../screen-graph.js';
import type { UiNode } from '../ui-tree.js';
import { keyCodeName } from './keycodes.js';
import { renderPng } from '../render.js';
import { inputCommands } from './commands/input.js';
import { systemCommands } from './commands/system.js';
import { fileCommands } from './commands/files.js';
import { uiautomatorCommands } from './commands/uiautomator.js';
import { touchCommands } from './commands/touch.js';
import { screenCommands } from './commands/screen.js';
import { UIA2_DEVICE_PORT, Uia2Model } from '../uia2/uia2-model.js';
import type { DeviceConfig, DeviceParts, DeviceProcess, DumpFailure, ExecutedCommand, InputEvent, SocketClient } from './device-parts.js';
import { programAt } from './programs.js';

/** Frames `dumpsys gfxinfo` keeps per app. */
const MAX_FRAMES = 120;
/** The display's refresh: 60 Hz. */
const VSYNC_MS = 1000 / 60;

export class VirtualAndroid implements DeviceParts {
  readonly fs = new VirtualFs();
  readonly graph: ScreenGraph;
  readonly props: Map<string, string>;
  /** Every string `input text` delivered, decoded as Android decodes it. */
  readonly typedText: string[] = [];
  readonly inputEvents: InputEvent[] = [];
  /** Finished touch gestures from `sendevent` (MT-B) and `input motionevent`. */
  readonly gestures: Gesture[] = [];
  /** Every command line the device received (shell, exec). */
  readonly commandLines: string[] = [];
  readonly commands: ExecutedCommand[] = [];
  /** Failure injection: the next dumps fail with these messages, in order. */
  readonly dumpFailures: DumpFailure[] = [];
  /** Failure injection: the connection drops while this command runs (once). */
  dropOnCommand: string | null = null;
  /** With dropOnCommand: the device then stays unreachable (until `setReachable(true)`). */
  stayAwayAfterDrop = false;
  /** Failure injection: while a command's name is here, it prints the message to stderr and exits 1 (e.g. a screenrecord the encoder refuses). */
  readonly refusals = new Map<string, string>();
  /** screenrecord runs in progress (each owns an ffmpeg process). */
  activeRecordings = 0;
  /** Set by the server: drops every ADB connection, as a vanished device (and keeps it away). */
  dropConnections: (stayAway: boolean) => void = () => undefined;
  readonly touch: MultiTouchDecoder;
  /** The UiAutomator2 server model, started by `am instrument` once its two packages are installed. */
  readonly uia2 = new Uia2Model(this);
  /** `settings` values by `namespace/key`. */
  readonly settings = new Map<string, string>([['global/stay_on_while_plugged_in', '0'], ['system/accelerometer_rotation', '1'], ['system/user_rotation', '0']]);
  /** What `dumpsys battery` reports (temperature in tenths of a degree, as Android prints it). */
  readonly battery = { level: 85, usb: true, temperatureTenths: 292 };
  screenOn = true;
  /** Packages installed after boot (`pm install`). */
  readonly installedPackages = new Set<string>();
  /** Device TCP ports something listens on, mapped to the host loopback port that serves them (`adb forward`'s `tcp:` service). */
  readonly tcpPorts = new Map<number, number>();
  readonly abstractSockets = new Map<string, (client: SocketClient) => void>();
  /** Long-running programs started from files (minicap), by pid. */
  readonly processes = new Map<number, DeviceProcess>();
  private lastPid = 4300;
  private readonly handlers: Map<string, CommandHandler>;
  private readonly started = performance.now();
  private pngCache: { version: number; png: Promise<Buffer> } | null = null;
  /** Device time when the running animation ends. */
  private animatingUntil = 0;
  /** The app's frames (device ms): one per visible change or touch, one per vsync while an animation runs. */
  private readonly drawn: number[] = [];
  private readonly animations: Array<{ from: number; until: number }> = [];

  constructor(readonly config: DeviceConfig) {
    this.graph = new ScreenGraph(config.graph, config.fixturesDir);
    this.graph.onNavigate = () => {
      if (config.transitionAnimationMs > 0) this.animate(config.transitionAnimationMs);
    };
    this.graph.onChange = () => this.drawFrame();
    // The first screen was drawn when the device started.
    this.drawFrame();
    this.props = new Map(Object.entries(defaultProps(config)));
    this.touch = new MultiTouchDecoder(config, (g) => this.finishGesture(g));
    this.handlers = new Map(
      Object.entries({
        ...fileCommands(this),
        ...systemCommands(this),
        ...inputCommands(this),
        ...uiautomatorCommands(this),
        ...touchCommands(this),
        ...screenCommands(this),
      }).filter(([name]) => config.screenrecord || name !== 'screenrecord'),
    );
  }

  /** Milliseconds since the device started (the clock of events and gestures). */
  now(): number {
    return performance.now() - this.started;
  }

  /** Runs one command line as adbd's `sh -c` would; resolves to the exit status. */
  run(line: string, io: Omit<CommandIo, 'cwd'>): Promise<number> {
    this.commandLines.push(line);
    const shell = new Shell({
      fs: this.fs,
      env: { HOME: '/', PATH: '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/vendor/bin', ANDROID_DATA: '/data', ANDROID_ROOT: '/system', EXTERNAL_STORAGE: '/sdcard', TMPDIR: '/data/local/tmp', USER: 'shell', HOSTNAME: this.config.identity.device },
      command: (name) => this.commandHandler(name),
      record: (argv) => this.commands.push({ argv, line, at: this.now() }),
    });
    return shell.run(line, io);
  }

  /** Runs a command line in-process (no ADB), collecting its output. */
  async exec(line: string, signal: AbortSignal = new AbortController().signal): Promise<{ code: number; stdout: Buffer; stderr: Buffer }> {
    const stdout = collector();
    const stderr = collector();
    const code = await this.run(line, { stdin: Buffer.alloc(0), stdout, stderr, signal });
    return { code, stdout: stdout.bytes(), stderr: stderr.bytes() };
  }

  /** Commands a line ran (for "no injection" checks). */
  commandsOf(line: string): string[][] {
    return this.commands.filter((c) => c.line === line).map((c) => c.argv);
  }

  /** Every command that ran whose name is not one of `expected` (an injection, if any). */
  commandsOtherThan(...expected: string[]): ExecutedCommand[] {
    return this.commands.filter((c) => !expected.includes(c.argv[0] ?? ''));
  }

  /** The handler of a device command (what `cmd` and the shell dispatch to). */
  commandHandler(name: string): CommandHandler | undefined {
    const h = name.includes('/') ? programAt(this, name) : this.handlers.get(name);
    if (!h) return undefined;
    return async (argv, io) => {
      if (this.dropOnCommand === name) {
        this.dropOnCommand = null;
        this.dropConnections(this.stayAwayAfterDrop);
        return 1;
      }
      const refusal = this.refusals.get(name);
      if (refusal !== undefined) {
        await io.stderr.write(`${refusal}\n`);
        return 1;
      }
      return h(argv, io);
    };
  }

  /** A tap anywhere (input tap, a short motionevent or MT-B touch): moves the screen graph. */
  tap(x: number, y: number): void {
    // The touched view draws its pressed state, whatever the tap then changes.
    this.drawFrame();
    this.graph.tap(x, y);
  }

  /** A key press (`input keyevent`, or an on-device service's key): back, home and delete move the screen. */
  pressKey(code: number, longPress = false): void {
    this.inputEvents.push({ kind: 'key', code, name: keyCodeName(code), longPress, at: this.now() });
    if (code === 4) this.graph.back();
    else if (code === 3) this.graph.home();
    else if (code === 67) this.graph.deleteBackward();
  }

  /** A field's whole text set at once (accessibility ACTION_SET_TEXT, as the UiAutomator2 server does). */
  setFieldText(field: UiNode, text: string): void {
    this.graph.setText(field, text);
  }

  /** Starts an animation: frames change and `uiautomator dump` cannot get an idle state. */
  animate(ms: number): void {
    const now = this.now();
    this.animatingUntil = Math.max(this.animatingUntil, now + ms);
    this.animations.push({ from: now, until: now + ms });
    if (this.animations.length > MAX_FRAMES) this.animations.shift();
  }

  private drawFrame(): void {
    this.drawn.push(this.now());
    if (this.drawn.length > MAX_FRAMES) this.drawn.shift();
  }

  /**
   * When the app drew its last frames, up to now, oldest first (device ms; at most the 120 that
   * `dumpsys gfxinfo` keeps): the changes and touches, and a frame per vsync of each animation.
   */
  framesDrawn(): number[] {
    const now = this.now();
    const times = this.drawn.filter((t) => t <= now);
    for (const a of this.animations) {
      for (let t = a.from; t <= Math.min(a.until, now); t += VSYNC_MS) times.push(t);
    }
    return times.sort((a, b) => a - b).slice(-MAX_FRAMES);
  }

  /** Milliseconds until the running animation ends (0 when still). */
  animationRemaining(): number {
    return Math.max(0, this.animatingUntil - this.now());
  }

  /** The screen as a PNG; `at` (device ms) is the instant an animation is drawn at (default now). */
  screenPng(at = this.now()): Promise<Buffer> {
    if (at < this.animatingUntil) return renderPng(this.graph.tree, this.config.width, this.config.height, at);
    const version = this.graph.version;
    if (!this.pngCache || this.pngCache.version !== version) {
      this.pngCache = { version, png: renderPng(this.graph.tree, this.config.width, this.config.height) };
    }
    return this.pngCache.png;
  }

  /** A gesture an on-device service (the UiAutomator2 server) injected. */
  receiveGesture(g: Gesture): void {
    this.finishGesture(g);
  }

  /** Kills the UiAutomator2 server process (as a crash, or `am force-stop` of its package). */
  killUia2(): void {
    this.uia2.stop();
    this.tcpPorts.delete(UIA2_DEVICE_PORT);
    this.uia2Stopped?.();
  }

  startProcess(name: string): DeviceProcess {
    const killer = new AbortController();
    const pid = ++this.lastPid;
    const entry: DeviceProcess = { pid, name, signal: killer.signal, exit: () => {
        this.processes.delete(pid);
        this.killers.delete(pid);
      } };
    this.processes.set(pid, entry);
    this.killers.set(pid, killer);
    return entry;
  }

  /** Kills every running program of this name (as `kill -9`, or a crash); returns how many. */
  killProcesses(name: string): number {
    return [...this.processes.values()].filter((p) => p.name === name && this.killPid(p.pid)).length;
  }

  killPid(pid: number): boolean {
    const killer = this.killers.get(pid);
    this.killers.delete(pid);
    killer?.abort();
    return killer !== undefined;
  }

  private readonly killers = new Map<number, AbortController>();

  /** Resolves the running `am instrument` when the server dies. */
  uia2Stopped: (() => void) | undefined;

  private finishGesture(g: Gesture): void {
    this.gestures.push(g);
    const [finger] = g.fingers;
    const first = finger?.points[0];
    const last = finger?.points[finger.points.length - 1];
    if (g.fingers.length === 1 && first && last && Math.hypot(last.x - first.x, last.y - first.y) < 20 && last.t < 500) {
      this.tap(first.x, first.y);
    }
  }

  /** Single-pointer gestures from `input motionevent`. */
  private motion: Gesture | null = null;

  motionEvent(action: 'DOWN' | 'MOVE' | 'UP' | 'CANCEL', x: number, y: number): void {
    const at = this.now();
    this.inputEvents.push({ kind: 'motion', action, x, y, at });
    if (action === 'DOWN') this.motion = { source: 'motionevent', startedAt: at, fingers: [{ id: 0, points: [] }] };
    const g = this.motion;
    if (!g) return;
    g.fingers[0]?.points.push({ x, y, t: at - g.startedAt });
    if (action === 'UP') {
      this.motion = null;
      this.finishGesture(g);
    } else if (action === 'CANCEL') {
      this.motion = null;
      this.gestures.push(g);
    }
  }
}

/** ro.product.cpu.abilist for a primary ABI: what a device of that kind runs besides (an x86_64 emulator translates arm64). */
const ABI_LISTS: Record<string, string> = {
  x86_64: 'x86_64,arm64-v8a',
  x86: 'x86',
  'arm64-v8a': 'arm64-v8a,armeabi-v7a,armeabi',
  'armeabi-v7a': 'armeabi-v7a,armeabi',
};

function defaultProps(config: DeviceConfig): Record<string, string> {
  const id = config.identity;
  const fingerprint = `${id.manufacturer.toLowerCase()}/${id.product}/${id.device}:${id.release}/TQ3A.230901.001/10750268:userdebug/dev-keys`;
  return {
    'ro.product.model': id.model,
    'ro.product.name': id.product,
    'ro.product.device': id.device,
    'ro.product.brand': id.manufacturer.toLowerCase(),
    'ro.product.manufacturer': id.manufacturer,
    'ro.product.cpu.abi': config.abi,
    'ro.product.cpu.abilist': ABI_LISTS[config.abi] ?? config.abi,
    'ro.build.version.sdk': String(id.sdk),
    'ro.build.version.release': id.release,
    'ro.build.version.security_patch': '2023-09-05',
    'ro.build.id': 'TQ3A.230901.001',
    'ro.build.type': 'userdebug',
    'ro.build.tags': 'dev-keys',
    'ro.build.fingerprint': fingerprint,
    'ro.serialno': 'VIRTUAL0001',
    'ro.hardware': config.sendeventAllowed ? 'ranchu' : id.device,
    'ro.kernel.qemu': config.sendeventAllowed ? '1' : '0',
    'ro.debuggable': '1',
    'ro.sf.lcd_density': String(config.density),
    'persist.sys.locale': 'en-US',
    'persist.sys.timezone': 'UTC',
    'sys.boot_completed': '1',
    'dev.bootcomplete': '1',
    'init.svc.adbd': 'running',
    'service.adb.tcp.port': '5555',
  };
}
