import type { DeviceBridge, Frame } from '../bridge.js';
import { FfmpegEncoder } from './ffmpeg-encoder.js';
import { settledFrame } from './settled-frame.js';

/** Without a new frame for this long the last one is written again, so the video (and its last fragment) keeps up with the clock. */
const REPEAT_AFTER_MS = 250;
const REPEAT_CHECK_MS = 50;
/** Real frames kept for the before/after screenshots and settled times of actions in progress. */
const KEEP_FRAMES_MS = 150_000;
const MAX_KEPT_FRAMES = 3000;
/** A frame whose own timestamp is further than this from the clock is stamped when it arrived. */
const MAX_FRAME_AGE_MS = 500;

export interface RecorderEvents {
  onPiece: (piece: Buffer, kind: 'init' | 'fragment', startedAt: number | undefined) => void;
  /** Once, when the recording is over: null after a clean stop, else why it ended. */
  onEnd: (error: string | null) => void;
}

interface KeptFrame {
  timestamp: number;
  data: Buffer;
}

/** What the recording saw of one action. */
export interface ActionFrames {
  startMs: number;
  endMs: number;
  settledMs?: number;
  before?: Buffer;
  after?: Buffer;
}

/**
 * Records one device: its live frames, with their own timestamps, through ffmpeg into H.264
 * fragmented MP4 pieces. Keeps recent frames so each action can say where it sits in the video
 * and carry full-size screenshots before and after without taking new ones.
 */
export class DeviceRecorder {
  private encoder: FfmpegEncoder | null = null;
  private unsubscribe: (() => void) | null = null;
  private repeatTimer: NodeJS.Timeout | null = null;
  /** Device time of the video's t = 0 (the first frame's timestamp). */
  private t0: number | null = null;
  private lastMs = -1;
  private lastJpeg: Buffer | null = null;
  private lastWriteAt = 0;
  private kept: KeptFrame[] = [];
  private ended = false;
  private stopping = false;
  private initSent = false;

  constructor(
    readonly recordingId: string,
    private readonly bridge: DeviceBridge,
    private readonly ffmpeg: string,
    private readonly events: RecorderEvents,
  ) {}

  start(): void {
    this.unsubscribe = this.bridge.frames((frame) => this.onFrame(frame));
    this.repeatTimer = setInterval(() => this.repeatLast(), REPEAT_CHECK_MS);
    this.repeatTimer.unref();
  }

  /** Stops taking frames, lets ffmpeg write what it has, then ends. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.release();
    if (this.encoder) await this.encoder.finish();
    else this.end(null);
  }

  /** Where an action that ran from `startedAt` to `endedAt` (this machine's clock) sits in the video. */
  async framesOf(startedAt: number, endedAt: number): Promise<ActionFrames | undefined> {
    if (this.t0 === null) return undefined;
    const t0 = this.t0;
    const toMs = (t: number) => Math.max(0, Math.round(t - t0));
    const before = this.lastAtOrBefore(startedAt);
    const after = this.lastAtOrBefore(endedAt);
    const during = this.kept.filter((f) => f.timestamp > startedAt && f.timestamp <= endedAt);
    const settled = before && after && during.length > 0 ? await settledFrame(before, after, during).catch(() => undefined) : undefined;
    return {
      startMs: toMs(startedAt),
      endMs: toMs(endedAt),
      ...(settled ? { settledMs: toMs(settled.timestamp) } : {}),
      ...(before ? { before: before.data } : {}),
      ...(after ? { after: after.data } : {}),
    };
  }

  private lastAtOrBefore(t: number): KeptFrame | undefined {
    for (let i = this.kept.length - 1; i >= 0; i--) if (this.kept[i]!.timestamp <= t) return this.kept[i];
    return undefined;
  }

  private onFrame(frame: Frame): void {
    if (this.stopping || this.ended) return;
    // The device's own time of the frame when it is plausible; a first frame can repeat an old
    // screen with its old time, and a device clock may drift: then the time it arrived.
    const now = Date.now();
    const timestamp = Math.abs(now - frame.timestamp) < MAX_FRAME_AGE_MS ? frame.timestamp : now;
    if (!this.encoder) {
      this.t0 = timestamp;
      this.encoder = new FfmpegEncoder({
        ffmpeg: this.ffmpeg,
        width: frame.width,
        height: frame.height,
        onPiece: (piece, kind) => {
          const first = kind === 'init' && !this.initSent;
          this.initSent ||= first;
          this.events.onPiece(piece, kind, first ? this.t0! : undefined);
        },
        onExit: (error) => this.end(this.stopping ? null : (error ?? 'ffmpeg stopped')),
      });
    }
    this.kept.push({ timestamp, data: frame.data });
    if (this.kept.length > MAX_KEPT_FRAMES || timestamp - this.kept[0]!.timestamp > KEEP_FRAMES_MS) this.kept.shift();
    this.write(timestamp - this.t0!, frame.data);
  }

  private repeatLast(): void {
    if (!this.lastJpeg || Date.now() - this.lastWriteAt < REPEAT_AFTER_MS) return;
    this.write(this.lastMs + (Date.now() - this.lastWriteAt), this.lastJpeg);
  }

  private write(ms: number, jpeg: Buffer): void {
    // Strictly increasing times: a frame stamped no later than the previous one follows it by 1 ms.
    const at = Math.max(Math.round(ms), this.lastMs + 1);
    if (!this.encoder?.write(at, jpeg)) return;
    this.lastMs = at;
    this.lastJpeg = jpeg;
    this.lastWriteAt = Date.now();
  }

  private release(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.repeatTimer) clearInterval(this.repeatTimer);
    this.repeatTimer = null;
  }

  private end(error: string | null): void {
    if (this.ended) return;
    this.ended = true;
    this.release();
    this.encoder?.kill();
    this.events.onEnd(error);
  }
}
