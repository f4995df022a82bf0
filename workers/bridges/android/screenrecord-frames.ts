// Live JPEG frames from `screenrecord --output-format=h264` transcoded by ffmpeg, only while
// someone listens. screenrecord stops at its time limit, so the next recording starts a little
// before that and takes over once it has a frame: listeners see no gap.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Duplex } from 'node:stream';
import type { Frame } from '../../bridge.js';
import { JpegSplitter } from './jpeg-splitter.js';

export interface ScreenrecordFramesOptions {
  /** Opens `exec:<command>` on the device (destroying the stream stops the command). */
  open: (command: string) => Promise<Duplex>;
  ffmpegPath: string;
  /** Output frame size (points: one image pixel per point). */
  size: { w: number; h: number };
  /** screenrecord's --time-limit in seconds (Android's maximum is 180). */
  timeLimitS?: number;
  /** How long before the limit the next recording starts. */
  overlapMs?: number;
  bitRate?: string;
  onError?: (err: unknown) => void;
}

interface Recording {
  stream?: Duplex;
  ffmpeg?: ChildProcess;
  timer?: NodeJS.Timeout;
  produced: boolean;
  closed: boolean;
}

export class ScreenrecordFrames {
  private readonly listeners = new Set<(frame: Frame) => void>();
  private readonly recordings = new Set<Recording>();
  /** The recording whose frames reach listeners (the newest one that has produced a frame). */
  private current: Recording | undefined;
  /** Recordings started so far (a restart at the time limit adds one). */
  started = 0;

  constructor(private readonly options: ScreenrecordFramesOptions) {}

  subscribe(onFrame: (frame: Frame) => void): () => void {
    this.listeners.add(onFrame);
    if (this.recordings.size === 0) this.startRecording();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.listeners.delete(onFrame);
      if (this.listeners.size === 0) this.stopAll();
    };
  }

  stop(): void {
    this.listeners.clear();
    this.stopAll();
  }

  private startRecording(): void {
    const limitS = this.options.timeLimitS ?? 180;
    const rec: Recording = { produced: false, closed: false };
    this.recordings.add(rec);
    this.started++;
    rec.timer = setTimeout(() => {
      if (!rec.closed && this.listeners.size > 0) this.startRecording();
    }, Math.max(500, limitS * 1000 - (this.options.overlapMs ?? 1500)));
    void this.run(rec, limitS);
  }

  private async run(rec: Recording, limitS: number): Promise<void> {
    const { w, h } = this.options.size;
    try {
      const stream = await this.options.open(`screenrecord --output-format=h264 --time-limit ${limitS} --bit-rate ${this.options.bitRate ?? '4M'} -`);
      if (rec.closed) {
        stream.destroy();
        return;
      }
      rec.stream = stream;
      const ffmpeg = spawn(
        this.options.ffmpegPath,
        ['-hide_banner', '-loglevel', 'error', '-fflags', 'nobuffer', '-flags', 'low_delay', '-probesize', '32768', '-analyzeduration', '0', '-f', 'h264', '-i', 'pipe:0', '-vf', `scale=${Math.round(w)}:${Math.round(h)}`, '-q:v', '5', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
        { stdio: ['pipe', 'pipe', 'ignore'] },
      );
      rec.ffmpeg = ffmpeg;
      const splitter = new JpegSplitter();
      ffmpeg.stdout?.on('data', (chunk: Buffer) => {
        for (const jpeg of splitter.push(chunk)) this.deliver(rec, jpeg);
      });
      ffmpeg.stdin?.on('error', () => undefined);
      stream.on('error', () => undefined);
      stream.pipe(ffmpeg.stdin as NodeJS.WritableStream);
      await new Promise<void>((resolve) => ffmpeg.once('close', () => resolve()));
    } catch (err) {
      if (!rec.closed) this.options.onError?.(err);
    } finally {
      const wasCurrent = this.current === rec || !this.current;
      this.close(rec);
      // The recording ended on its own (time limit, device gone): carry on if nobody took over.
      if (wasCurrent && this.listeners.size > 0 && this.recordings.size === 0) this.startRecording();
    }
  }

  private deliver(rec: Recording, data: Buffer): void {
    if (rec.closed) return;
    if (!rec.produced) {
      rec.produced = true;
      // A newer recording took over: the older ones stop.
      for (const other of this.recordings) if (other !== rec && this.isOlder(other, rec)) this.close(other);
      this.current = rec;
    }
    if (this.current !== rec) return;
    const frame: Frame = { data, format: 'jpeg', timestamp: Date.now(), width: Math.round(this.options.size.w), height: Math.round(this.options.size.h) };
    for (const listener of this.listeners) {
      try {
        listener(frame);
      } catch {
        // A listener's failure is its own; the others still get the frame.
      }
    }
  }

  private isOlder(a: Recording, b: Recording): boolean {
    const order = [...this.recordings];
    return order.indexOf(a) < order.indexOf(b);
  }

  private close(rec: Recording): void {
    if (rec.closed) return;
    rec.closed = true;
    clearTimeout(rec.timer);
    this.recordings.delete(rec);
    if (this.current === rec) this.current = undefined;
    rec.stream?.destroy();
    if (rec.ffmpeg && rec.ffmpeg.exitCode === null) rec.ffmpeg.kill('SIGKILL');
  }

  private stopAll(): void {
    for (const rec of [...this.recordings]) this.close(rec);
  }
}
