// Live JPEG frames from `screenrecord --output-format=h264` transcoded by ffmpeg, only while
// someone listens. screenrecord stops at its time limit, so the next recording starts a few
// seconds before that and warms up (decoded, not shown). When the shown one's stream ends, the
// next takes over from its frame that shows the moment last shown. (Switching at the newcomer's
// first frame would step back by its start-up latency; switching after the old decoder's last
// held frames, or right at the end, skips or repeats as much as the two decoders' lags differ.)
// The H.264 is also cut into access units as it arrives: each decoded frame is stamped with the
// time its unit arrived (not when the decoder, a frame or more later, put it out), and a
// recording can take the units themselves (h264()) to copy into its MP4 without re-encoding.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Duplex } from 'node:stream';
import type { Frame, H264Stream } from '../../bridge.js';
import { AccessUnitReader, type AccessUnit } from '../../media/h264-access-units.js';
import { JpegSplitter } from './jpeg-splitter.js';
import { deliverFrame } from '../../deliver-frame.js';

/**
 * screenrecord's --bit-rate while a recording copies the stream: 600 kbit/s is 4.5 MB a minute of
 * constant motion (the goal is at most 5; a still screen sends no frames at all). The live frames
 * share the stream meanwhile; scaled down to points they lose little.
 */
const COPIED_BIT_RATE = '600k';
/** Arrival times kept for frames the decoder has not put out yet (it lags a frame or two). */
const MAX_PENDING_TIMES = 60;

export interface ScreenrecordFramesOptions {
  /** Opens `exec:<command>` on the device (destroying the stream stops the command). */
  open: (command: string) => Promise<Duplex>;
  ffmpegPath: string;
  /** Output frame size (points: one image pixel per point). */
  size: { w: number; h: number };
  /** screenrecord's --time-limit in seconds (Android's maximum is 180). */
  timeLimitS?: number;
  /** How long before the limit the next recording starts (default 3 s, at most half the limit: it must be streaming by then). */
  overlapMs?: number;
  bitRate?: string;
  /**
   * The bit rate of the recordings started while a recording copies the stream (h264()): the
   * MP4 keeps every bit, so it is lower than the live one (default COPIED_BIT_RATE).
   */
  copiedBitRate?: string;
  onError?: (err: unknown) => void;
}

interface DecodedFrame {
  data: Buffer;
  at: number;
}

interface Recording {
  stream?: Duplex;
  ffmpeg?: ChildProcess;
  timer?: NodeJS.Timeout;
  produced: boolean;
  closed: boolean;
  /**
   * While warming up: its frames decoded since the shown recording's frame before last, shown
   * first when it takes over (the two decoders' lags jitter: since the last one alone can miss
   * the moment that joins them; one frame more repeats half a frame at most, never skips one).
   */
  recent: DecodedFrame[];
  /** How many of `recent` came before the shown recording's last frame. */
  mark: number;
  /** Arrival times of the access units the decoder has not put out yet, oldest first. */
  times: number[];
  /** Access units read so far. */
  units: number;
  /** Started for a recording that copies the stream: it takes over the live frames at its first. */
  fresh: boolean;
}

export class ScreenrecordFrames {
  private readonly listeners = new Set<(frame: Frame) => void>();
  /** Live recordings, oldest first. */
  private readonly recordings: Recording[] = [];
  /** The recording whose frames reach listeners; the newer ones are warming up. */
  private current: Recording | undefined;
  /** Listeners of the H.264 units, and the recording whose units they get. */
  private readonly unitListeners = new Set<(unit: AccessUnit, first: boolean) => void>();
  private copied: Recording | undefined;
  /** Recordings started so far (a restart at the time limit adds one). */
  started = 0;

  constructor(private readonly options: ScreenrecordFramesOptions) {}

  subscribe(onFrame: (frame: Frame) => void): () => void {
    this.listeners.add(onFrame);
    if (this.recordings.length === 0) this.startRecording(false);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.listeners.delete(onFrame);
      if (!this.wanted()) this.stopAll();
    };
  }

  /**
   * screenrecord's own access units, from the first of a recording started now (it begins with
   * the parameter sets and a key frame; one already running sent those long ago). That recording
   * also takes over the live frames as soon as it has one, so the device runs no second encoder.
   */
  h264(onUnit: (unit: AccessUnit, first: boolean) => void): H264Stream {
    this.unitListeners.add(onUnit);
    this.startRecording(true);
    let done = false;
    return {
      points: { w: this.options.size.w, h: this.options.size.h },
      stop: () => {
        if (done) return;
        done = true;
        this.unitListeners.delete(onUnit);
        if (this.unitListeners.size === 0) this.copied = undefined;
        if (!this.wanted()) this.stopAll();
      },
    };
  }

  stop(): void {
    this.listeners.clear();
    this.unitListeners.clear();
    this.stopAll();
  }

  private wanted(): boolean {
    return this.listeners.size > 0 || this.unitListeners.size > 0;
  }

  private startRecording(fresh: boolean): void {
    const limitS = this.options.timeLimitS ?? 180;
    const rec: Recording = { produced: false, closed: false, recent: [], mark: 0, times: [], units: 0, fresh };
    this.recordings.push(rec);
    this.started++;
    rec.timer = setTimeout(() => {
      if (!rec.closed && this.wanted() && this.recordings.at(-1) === rec) this.startRecording(false);
    }, limitS * 1000 - Math.min(this.options.overlapMs ?? 3000, (limitS * 1000) / 2));
    void this.run(rec, limitS);
  }

  private async run(rec: Recording, limitS: number): Promise<void> {
    const { w, h } = this.options.size;
    const bitRate = this.unitListeners.size > 0 ? (this.options.copiedBitRate ?? COPIED_BIT_RATE) : (this.options.bitRate ?? '4M');
    try {
      const stream = await this.options.open(`screenrecord --output-format=h264 --time-limit ${limitS} --bit-rate ${bitRate} -`);
      if (rec.closed) {
        stream.destroy();
        return;
      }
      rec.stream = stream;
      // No `-fflags nobuffer`: with ffmpeg 5.1 it held about eleven frames before the first came out
      // (1.1 s at 10 fps, measured), against one without it.
      const ffmpeg = spawn(
        this.options.ffmpegPath,
        ['-hide_banner', '-loglevel', 'error', '-flags', 'low_delay', '-probesize', '32', '-analyzeduration', '0', '-threads', '1', '-f', 'h264', '-i', 'pipe:0', '-vf', `scale=${Math.round(w)}:${Math.round(h)}`, '-q:v', '5', '-flush_packets', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
        { stdio: ['pipe', 'pipe', 'ignore'] },
      );
      rec.ffmpeg = ffmpeg;
      const splitter = new JpegSplitter();
      ffmpeg.stdout?.on('data', (chunk: Buffer) => {
        for (const jpeg of splitter.push(chunk)) this.deliver(rec, jpeg);
      });
      ffmpeg.stdin?.on('error', () => undefined);
      const reader = new AccessUnitReader((unit) => this.unit(rec, unit));
      stream.on('data', (chunk: Buffer) => reader.push(chunk, Date.now()));
      stream.on('error', () => undefined);
      stream.once('end', () => {
        reader.flush();
        this.ended(rec);
      });
      stream.pipe(ffmpeg.stdin as NodeJS.WritableStream);
      await new Promise<void>((resolve) => ffmpeg.once('close', () => resolve()));
    } catch (err) {
      if (!rec.closed) this.options.onError?.(err);
    } finally {
      this.close(rec);
      // Ended on its own (time limit, device gone) with nobody warming up to take over: carry on.
      if (this.wanted() && this.recordings.length === 0) this.startRecording(false);
    }
  }

  /** An access unit arrived whole: its time waits for its decoded frame; a copying recording gets it. */
  private unit(rec: Recording, unit: AccessUnit): void {
    if (rec.closed) return;
    rec.times.push(unit.at);
    if (rec.times.length > MAX_PENDING_TIMES) rec.times.shift();
    const first = rec.units === 0;
    rec.units++;
    if (this.unitListeners.size === 0) return;
    // A stream is copied from its first unit on; a newer one's first (a restart) replaces it.
    if (first) this.copied = rec;
    if (this.copied !== rec) return;
    for (const listener of this.unitListeners) {
      try {
        listener(unit, first);
      } catch (err) {
        this.options.onError?.(err);
      }
    }
  }

  private deliver(rec: Recording, data: Buffer): void {
    if (rec.closed) return;
    rec.produced = true;
    const frame = { data, at: rec.times.shift() ?? Date.now() };
    // The oldest live recording is the one shown; a newer one warms up until it ends.
    this.current ??= rec;
    if (this.current === rec) {
      // Each warming recording keeps what it decoded since the frame before this one.
      for (const r of this.recordings) r.recent = r.recent.slice(r.mark);
      for (const r of this.recordings) r.mark = r.recent.length;
      this.emit(frame);
      return;
    }
    rec.recent.push(frame);
    // One started for a copying recording replaces the shown one at once, not at its time limit.
    if (rec.fresh) this.ended(this.current, rec);
  }

  /**
   * screenrecord stopped (its time limit). Its decoder still holds its last few frames, which
   * would run ahead of the next recording; that one, already streaming at about the same lag,
   * takes over now, starting with the frames it decoded around the last one shown.
   */
  private ended(rec: Recording, next = this.recordings.find((r) => r !== rec && r.produced)): void {
    if (this.current !== rec || !next) return;
    const since = next.recent;
    this.close(rec);
    this.current = next;
    for (const frame of since) this.emit(frame);
  }

  private emit({ data, at }: DecodedFrame): void {
    const frame: Frame = { data, format: 'jpeg', timestamp: at, width: Math.round(this.options.size.w), height: Math.round(this.options.size.h) };
    deliverFrame(this.listeners, frame);
  }

  private close(rec: Recording): void {
    if (rec.closed) return;
    rec.closed = true;
    clearTimeout(rec.timer);
    this.recordings.splice(this.recordings.indexOf(rec), 1);
    if (this.copied === rec) this.copied = undefined;
    if (this.current === rec) {
      this.current = this.recordings.find((r) => r.produced);
      if (this.current) Object.assign(this.current, { recent: [], mark: 0 });
    }
    rec.stream?.destroy();
    if (rec.ffmpeg && rec.ffmpeg.exitCode === null) rec.ffmpeg.kill('SIGKILL');
  }

  private stopAll(): void {
    for (const rec of [...this.recordings]) this.close(rec);
  }
}
