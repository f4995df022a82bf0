import type { RecordingFacts } from '../../core/wire/recording-protocol.js';
import type { DeviceBridge, Frame, H264Stream } from '../bridge.js';
import { avcDecoderConfig, lengthPrefixed } from '../media/avc-samples.js';
import { nalType, NAL_PPS, NAL_SPS, type AccessUnit } from '../media/h264-access-units.js';
import { spsPictureSize } from '../media/h264-sps.js';
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
/** How long an action's placement waits for the frames that arrived before its end to be decoded. */
const CATCH_UP_MS = 1500;

export interface RecorderEvents {
  /** The first init piece comes with the video's t = 0 (device time) and how the video is made. */
  onPiece: (piece: Buffer, kind: 'init' | 'fragment', first: { startedAt: number; facts: RecordingFacts } | undefined) => void;
  /** Once, when the recording is over: null after a clean stop, else why it ended. */
  onEnd: (error: string | null) => void;
}

interface KeptFrame {
  timestamp: number;
  data: Buffer;
}

/** The SPS's picture size, or null when it cannot be read. */
function pictureSize(sps: Buffer): { width: number; height: number } | null {
  try {
    return spsPictureSize(sps);
  } catch {
    return null;
  }
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
 * Records one device into H.264 fragmented MP4 pieces, every frame at its own time. Where the
 * device's frames come as H.264 (Android's screenrecord) that stream is copied into the MP4 as it
 * is, joined across the device's encoder restarts; else (or when the stream cannot be copied)
 * its live frames are encoded by ffmpeg. Keeps recent live frames so each action can say where it
 * sits in the video and carry full-size screenshots before and after without taking new ones.
 */
export class DeviceRecorder {
  private encoder: FfmpegEncoder | null = null;
  private unsubscribe: (() => void) | null = null;
  private unsubscribeLost: (() => void) | null = null;
  /** Why the device's frames stopped by themselves, ending the recording early. */
  private lost: string | null = null;
  /** The device's H.264 while it is copied; null when frames are encoded. */
  private h264: H264Stream | null = null;
  /** Why the frames are encoded, not copied. */
  private encodeReason = 'the device\'s frames do not come as H.264 (only Android\'s screenrecord path does): its frames are encoded';
  /** The last access unit, written when the next comes (or at the stop, with its duration). */
  private heldUnit: AccessUnit | null = null;
  private facts: RecordingFacts | null = null;
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
    // The H.264 first: its fresh stream then also serves the live frames (one encoder on the device).
    this.h264 = this.bridge.h264?.((unit, first) => this.onUnit(unit, first)) ?? null;
    this.unsubscribe = this.bridge.frames((frame) => this.onFrame(frame));
    this.unsubscribeLost = this.bridge.onFramesLost?.((reason) => this.framesLost(reason)) ?? null;
    if (this.h264) return;
    this.repeatTimer = setInterval(() => this.repeatLast(), REPEAT_CHECK_MS);
    this.repeatTimer.unref();
  }

  /** How the video is made (once its first piece is out). */
  get way(): RecordingFacts | null {
    return this.facts;
  }

  /** Stops taking frames, lets ffmpeg write what it has, then ends. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    // The last unit lasts until now: the video runs to the stop, as the screen did.
    if (this.heldUnit) this.writeUnit(this.heldUnit, Date.now() - this.heldUnit.at);
    this.heldUnit = null;
    this.release();
    if (this.encoder) await this.encoder.finish();
    else this.end(this.lost);
  }

  /**
   * The device's frames stopped by themselves: the recording ends here, keeping what it has, and
   * says why (rather than going on as if the screen were still).
   */
  private framesLost(reason: string): void {
    if (this.stopping || this.ended) return;
    this.lost = `ended early: the device's frames stopped (${reason})`;
    void this.stop();
  }

  /** Where an action that ran from `startedAt` to `endedAt` (this machine's clock) sits in the video. */
  async framesOf(startedAt: number, endedAt: number): Promise<ActionFrames | undefined> {
    if (this.t0 === null) return undefined;
    // Frames stamped when they arrived come out of a decoder later: wait until those up to the end are here.
    for (const until = Date.now() + CATCH_UP_MS; (this.kept.at(-1)?.timestamp ?? 0) < endedAt && Date.now() < until && !this.ended; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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
    // The copied stream's frames carry the host time their H.264 arrived, the video's own clock.
    const now = Date.now();
    const timestamp = this.h264 || Math.abs(now - frame.timestamp) < MAX_FRAME_AGE_MS ? frame.timestamp : now;
    this.kept.push({ timestamp, data: frame.data });
    if (this.kept.length > MAX_KEPT_FRAMES || timestamp - this.kept[0]!.timestamp > KEEP_FRAMES_MS) this.kept.shift();
    // While the device's H.264 is copied, live frames are only kept (for screenshots and settled times).
    if (this.h264) return;
    if (!this.encoder) {
      this.t0 = timestamp;
      const size = { width: frame.width, height: frame.height };
      this.encoder = this.newEncoder({ codec: 'mjpeg' }, { video: 'encode', reason: this.encodeReason, size, screen: size });
    }
    this.write(timestamp - this.t0!, frame.data);
  }

  /** One access unit of the device's H.264: the copy starts at a stream's first (its parameter sets and key frame). */
  private onUnit(unit: AccessUnit, first: boolean): void {
    if (this.stopping || this.ended || !this.h264) return;
    if (!this.encoder) {
      if (!first) return;
      const sps = unit.nals.find((n) => nalType(n) === NAL_SPS);
      const pps = unit.nals.find((n) => nalType(n) === NAL_PPS);
      const size = sps ? pictureSize(sps) : null;
      if (!sps || !pps || !size || !unit.key) return this.encodeInstead(`the device's H.264 did not start with readable parameter sets and a key frame: its frames are encoded`);
      this.t0 = unit.at;
      const { w, h } = this.h264.points;
      this.encoder = this.newEncoder(
        { codec: 'h264', avcC: avcDecoderConfig(sps, pps) },
        { video: 'copy', reason: 'the device\'s own H.264 (screenrecord) copied as it came', size, screen: { width: Math.round(w), height: Math.round(h) } },
      );
    }
    // A restarted stream's first unit keeps its parameter sets in the sample: it decodes alone.
    // The old stream's unit that came after it shows the same moment again: it is left out.
    if (first && this.heldUnit && this.heldUnit.at >= unit.at) this.heldUnit = null;
    if (this.heldUnit) this.writeUnit(this.heldUnit);
    this.heldUnit = unit;
  }

  private writeUnit(unit: AccessUnit, durationMs?: number): void {
    const at = Math.max(Math.round(unit.at - this.t0!), this.lastMs + 1);
    if (!this.encoder?.write(at, lengthPrefixed(unit.nals), { key: unit.key, ...(durationMs !== undefined ? { durationMs: Math.max(1, durationMs) } : {}) })) return;
    this.lastMs = at;
  }

  /** The device's H.264 cannot be copied: its live frames are encoded from the next on. */
  private encodeInstead(reason: string): void {
    this.encodeReason = reason;
    this.h264?.stop();
    this.h264 = null;
    this.repeatTimer ??= setInterval(() => this.repeatLast(), REPEAT_CHECK_MS);
    this.repeatTimer.unref();
  }

  private newEncoder(input: ConstructorParameters<typeof FfmpegEncoder>[0]['input'], facts: RecordingFacts): FfmpegEncoder {
    this.facts = facts;
    return new FfmpegEncoder({
      ffmpeg: this.ffmpeg,
      width: facts.size.width,
      height: facts.size.height,
      input,
      onPiece: (piece, kind) => {
        const first = kind === 'init' && !this.initSent;
        this.initSent ||= first;
        this.events.onPiece(piece, kind, first ? { startedAt: this.t0!, facts } : undefined);
      },
      onExit: (error) => this.end(this.stopping ? this.lost : (error ?? 'ffmpeg stopped')),
    });
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
    this.unsubscribeLost?.();
    this.unsubscribeLost = null;
    this.h264?.stop();
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
