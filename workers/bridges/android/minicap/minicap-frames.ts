// Live frames from minicap, only while someone listens: minicap runs in an `exec:` stream (it
// prints its PID, then serves the abstract socket `minicap`), the socket is reached through an
// `adb forward tcp:<free port> localabstract:minicap` (adbkit), and the stream is read with
// MinicapReader. A minicap that dies is started again; one that dies three times in a row before
// giving a frame is given up on, and the device is told why (it then takes another path).
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Frame } from '../../../bridge.js';
import type { AdbDevice } from '../adb/adb-device.js';
import { MinicapReader } from './minicap-protocol.js';
import { minicapCommand, type MinicapSetup } from './minicap-setup.js';
import { freePort } from '../adb/free-port.js';
import { deliverFrame } from '../../../deliver-frame.js';

export interface MinicapFramesOptions {
  adb: AdbDevice;
  setup: MinicapSetup;
  /** minicap would not start again: the reason, once (the device falls back to another path). */
  onGiveUp?: (reason: string) => void;
}

/** Runs in a row that ended without a frame before minicap is given up on. */
const MAX_FAILED_RUNS = 3;
/** How long a started minicap may take to accept a connection on its socket. */
const CONNECT_MS = 8000;
const RETRY_CONNECT_MS = 100;

interface Run {
  process?: Duplex;
  socket?: Socket;
  pid?: number;
  /** The tail of what minicap printed (stdout and stderr): the reason when it dies. */
  said: string;
  gotFrame: boolean;
  closed: boolean;
}


export class MinicapFrames {
  private readonly listeners = new Set<(frame: Frame) => void>();
  private run: Run | undefined;
  private failedRuns = 0;
  private port: number | undefined;
  private last: Frame | undefined;
  /** Set once minicap was given up on, with why. */
  gaveUp: string | undefined;
  /** minicap processes started so far (a restart after a crash adds one). */
  starts = 0;

  constructor(private readonly options: MinicapFramesOptions) {}

  subscribe(onFrame: (frame: Frame) => void): () => void {
    this.listeners.add(onFrame);
    if (!this.run && !this.gaveUp) void this.start();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.listeners.delete(onFrame);
      if (this.listeners.size === 0) this.stopRun();
    };
  }

  stop(): void {
    this.listeners.clear();
    this.stopRun();
  }

  /**
   * The screen now as a JPEG and its pixels per point: the stream's last frame while minicap
   * streams (it sends a frame on every change, so the last one is the screen) when it has the
   * `pxPerPoint` asked for, else one `minicap -s` at the device's full size.
   */
  async still(pxPerPoint = 1): Promise<{ jpeg: Buffer; pxPerPoint: number }> {
    const { real, virtual } = this.options.setup;
    const streamed = this.run?.socket && this.last ? { jpeg: this.last.data, pxPerPoint: this.last.width / virtual.w } : undefined;
    if (streamed && streamed.pxPerPoint >= pxPerPoint) return streamed;
    const out = await this.options.adb.exec(`${minicapCommand({ real, virtual: real }, '-s -Q 95')} 2>/dev/null`);
    const start = out.indexOf(Buffer.from([0xff, 0xd8]));
    if (start < 0) throw new Error(`minicap -s gave no JPEG: ${out.subarray(0, 160).toString('utf8').trim()}`);
    return { jpeg: out.subarray(start), pxPerPoint: real.w / virtual.w };
  }

  private async start(): Promise<void> {
    const run: Run = { said: '', gotFrame: false, closed: false };
    this.run = run;
    this.starts++;
    try {
      const shell = await this.options.adb.execStream(minicapCommand(this.options.setup));
      if (run.closed) {
        shell.destroy();
        return;
      }
      run.process = shell;
      shell.on('data', (chunk: Buffer) => {
        run.said = (run.said + chunk.toString('utf8')).slice(-2000);
        run.pid ??= Number(/^PID: (\d+)$/m.exec(run.said)?.[1]) || undefined;
      });
      shell.on('error', () => undefined);
      shell.once('close', () => this.ended(run));
      this.port ??= await freePort();
      await this.options.adb.client.getDevice(this.options.adb.serial).forward(`tcp:${this.port}`, 'localabstract:minicap');
      await this.connect(run, this.port);
    } catch (err) {
      run.said += `\n${err instanceof Error ? err.message : String(err)}`;
      this.ended(run);
    }
  }

  /** Connects until minicap accepts (the forward closes at once while nothing listens yet). */
  private async connect(run: Run, port: number): Promise<void> {
    const deadline = performance.now() + CONNECT_MS;
    while (!run.closed) {
      const socket = await this.open(run, port);
      if (socket) return;
      if (performance.now() > deadline) throw new Error(`minicap did not accept a connection within ${CONNECT_MS} ms`);
      await new Promise((r) => setTimeout(r, RETRY_CONNECT_MS));
    }
  }

  /** One connection: resolves with it once bytes came, or null when it closed before any. */
  private open(run: Run, port: number): Promise<Socket | null> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const reader = new MinicapReader();
      let size = this.options.setup.virtual;
      let receiving = false;
      socket.on('data', (chunk: Buffer) => {
        if (!receiving) {
          receiving = true;
          run.socket = socket;
          resolve(socket);
        }
        if (run.closed) return;
        try {
          for (const piece of reader.push(chunk)) {
            if (piece.kind === 'header') size = { w: piece.header.virtualWidth, h: piece.header.virtualHeight };
            else this.emit(run, { data: piece.jpeg, format: 'jpeg', timestamp: Date.now(), width: size.w, height: size.h });
          }
        } catch (err) {
          run.said += `\n${err instanceof Error ? err.message : String(err)}`;
          socket.destroy();
        }
      });
      socket.on('error', () => undefined);
      socket.once('close', () => {
        if (!receiving) return resolve(null);
        if (run.socket === socket) run.socket = undefined;
        // minicap still runs but let the client go: connect again, else end it (and start another).
        if (!run.closed && run.process && !run.process.destroyed) void this.connect(run, port).catch(() => run.process?.destroy());
      });
    });
  }

  private emit(run: Run, frame: Frame): void {
    run.gotFrame = true;
    this.failedRuns = 0;
    this.last = frame;
    deliverFrame(this.listeners, frame);
  }

  /** minicap's process ended (or could not start): start it again while someone listens, or give up. */
  private ended(run: Run): void {
    if (run.closed) return;
    this.closeRun(run);
    if (this.run === run) this.run = undefined;
    if (!run.gotFrame) this.failedRuns++;
    if (this.listeners.size === 0) return;
    if (this.failedRuns >= MAX_FAILED_RUNS) {
      const said = run.said.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('INFO:') && !l.startsWith('PID:')).slice(-2).join(' ');
      this.gaveUp = `minicap stopped ${MAX_FAILED_RUNS} times without a frame (${said.slice(0, 240) || 'it said nothing'})`;
      this.options.onGiveUp?.(this.gaveUp);
      return;
    }
    setTimeout(() => {
      if (!this.run && this.listeners.size > 0 && !this.gaveUp) void this.start();
    }, 200 * this.failedRuns).unref();
  }

  private stopRun(): void {
    const run = this.run;
    this.run = undefined;
    if (run) this.stopProcess(run);
  }

  /** Ends minicap: closing its exec stream, and `kill` by PID (a device may leave a process whose stream closed running). */
  private stopProcess(run: Run): void {
    const pid = run.pid;
    this.closeRun(run);
    if (pid) void this.options.adb.run(`kill ${pid}`).catch(() => undefined);
  }

  private closeRun(run: Run): void {
    run.closed = true;
    run.socket?.destroy();
    run.process?.destroy();
  }
}
