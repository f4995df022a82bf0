// Live JPEG frames from `screenrecord --output-format=h264` transcoded by ffmpeg, only while
// someone listens. screenrecord stops at its time limit, so the next recording starts a few
// seconds before that and warms up (decoded, not shown). When the shown one's stream ends, the
// next takes over from its frame that shows the moment last shown. (Switching at the newcomer's
// first frame would step back by its start-up latency; switching after the old decoder's last
// held frames, or right at the end, skips or repeats as much as the two decoders' lags differ.)
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
  /** How long before the limit the next recording starts (default 3 s, at most half the limit: it must be streaming by then). */
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
  /**
   * While warming up: its frames decoded since the shown recording's frame before last, shown
   * first when it takes over (the two decoders' lags jitter: since the last one alone can miss
   * the moment that joins them; one frame more repeats half a frame at most, never skips one).
   */
  recent: Buffer[];
  /** How many of `recent` came before the shown recording's last frame. */
  mark: number;
}

export class ScreenrecordFrames {
  private readonly listeners = new Set<(frame: Frame) => void>();
  /** Live recordings, oldest first. */
  private readonly recordings: Recording[] = [];
  /** The recording whose frames reach listeners; the newer ones are warming up. */
  private current: Recording | undefined;
  /** Recordings started so far (a restart at the time limit adds one). */
  started = 0;

  constructor(private readonly options: ScreenrecordFramesOptions) {}

  subscribe(onFrame: (frame: Frame) => void): () => void {
    this.listeners.add(onFrame);
    if (this.recordings.length === 0) this.startRecording();
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
    const rec: Recording = { produced: false, closed: false, recent: [], mark: 0 };
    this.recordings.push(rec);
    this.started++;
    rec.timer = setTimeout(() => {
      if (!rec.closed && this.listeners.size > 0 && this.recordings.at(-1) === rec) this.startRecording();
    }, limitS * 1000 - Math.min(this.options.overlapMs ?? 3000, (limitS * 1000) / 2));
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
        ['-hide_banner', '-loglevel', 'error', '-fflags', 'nobuffer', '-flags', 'low_delay', '-probesize', '32', '-analyzeduration', '0', '-threads', '1', '-f', 'h264', '-i', 'pipe:0', '-vf', `scale=${Math.round(w)}:${Math.round(h)}`, '-q:v', '5', '-flush_packets', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
        { stdio: ['pipe', 'pipe', 'ignore'] },
      );
      rec.ffmpeg = ffmpeg;
      const splitter = new JpegSplitter();
      ffmpeg.stdout?.on('data', (chunk: Buffer) => {
        for (const jpeg of splitter.push(chunk)) this.deliver(rec, jpeg);
      });
      ffmpeg.stdin?.on('error', () => undefined);
      stream.on('error', () => undefined);
      stream.once('end', () => this.ended(rec));
      stream.pipe(ffmpeg.stdin as NodeJS.WritableStream);
      await new Promise<void>((resolve) => ffmpeg.once('close', () => resolve()));
    } catch (err) {
      if (!rec.closed) this.options.onError?.(err);
    } finally {
      this.close(rec);
      // Ended on its own (time limit, device gone) with nobody warming up to take over: carry on.
      if (this.listeners.size > 0 && this.recordings.length === 0) this.startRecording();
    }
  }

  private deliver(rec: Recording, data: Buffer): void {
    if (rec.closed) return;
    rec.produced = true;
    // The oldest live recording is the one shown; a newer one warms up until it ends.
    this.current ??= rec;
    if (this.current === rec) {
      // Each warming recording keeps what it decoded since the frame before this one.
      for (const r of this.recordings) r.recent = r.recent.slice(r.mark);
      for (const r of this.recordings) r.mark = r.recent.length;
      this.emit(data);
      return;
    }
    rec.recent.push(data);
  }

  /**
   * screenrecord stopped (its time limit). Its decoder still holds its last few frames, which
   * would run ahead of the next recording; that one, already streaming at about the same lag,
   * takes over now, starting with the frames it decoded around the last one shown.
   */
  private ended(rec: Recording): void {
    const next = this.recordings.find((r) => r !== rec && r.produced);
    if (this.current !== rec || !next) return;
    const since = next.recent;
    this.close(rec);
    this.current = next;
    for (const frame of since) this.emit(frame);
  }

  private emit(data: Buffer): void {
    const frame: Frame = { data, format: 'jpeg', timestamp: Date.now(), width: Math.round(this.options.size.w), height: Math.round(this.options.size.h) };
    for (const listener of this.listeners) {
      try {
        listener(frame);
      } catch {
        // A listener's failure is its own; the others still get the frame.
      }
    }
  }

  private close(rec: Recording): void {
    if (rec.closed) return;
    rec.closed = true;
    clearTimeout(rec.timer);
    this.recordings.splice(this.recordings.indexOf(rec), 1);
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
