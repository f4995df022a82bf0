import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { matroskaFrame, matroskaHeader } from './matroska-stream.js';
import { Mp4Fragmenter } from './mp4-fragments.js';

/** A fragment at least this often (µs), so a worker that dies loses under a second of video. */
const FRAGMENT_US = 250_000;
/** A keyframe every this many seconds, for seeking. */
const KEYFRAME_EVERY_S = 2;

export interface EncoderOptions {
  ffmpeg: string;
  /** The first frame's size; every frame is scaled to it (rounded down to even for H.264). */
  width: number;
  height: number;
  onPiece: (piece: Buffer, kind: 'init' | 'fragment') => void;
  onExit: (error: string | null) => void;
}

/** ffmpeg's arguments: Matroska MJPEG with real times in, H.264 fragmented MP4 out, VFR kept. */
export function encoderArgs(width: number, height: number): string[] {
  const w = Math.max(2, width - (width % 2));
  const h = Math.max(2, height - (height % 2));
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-probesize', '32', '-analyzeduration', '0', '-fflags', 'nobuffer',
    '-f', 'matroska', '-i', 'pipe:0',
    '-vf', `scale=${w}:${h}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-crf', '28', '-pix_fmt', 'yuv420p',
    '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_EVERY_S})`,
    // Keep each frame's own time (no duplication to a constant rate) at millisecond precision.
    '-fps_mode', 'passthrough', '-enc_time_base', '1/1000', '-video_track_timescale', '1000',
    '-movflags', 'empty_moov+default_base_moof', '-frag_duration', String(FRAGMENT_US), '-flush_packets', '1',
    '-f', 'mp4', 'pipe:1',
  ];
}

/** One ffmpeg process turning timed JPEG frames into fragmented MP4 pieces. */
export class FfmpegEncoder {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly fragmenter: Mp4Fragmenter;
  private stderr = '';
  private ended = false;
  readonly exited: Promise<void>;

  constructor(options: EncoderOptions) {
    this.fragmenter = new Mp4Fragmenter(options.onPiece);
    this.child = spawn(options.ffmpeg, encoderArgs(options.width, options.height), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdin.on('error', () => undefined);
    this.child.stdout.on('data', (chunk: Buffer) => this.fragmenter.push(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000);
    });
    this.exited = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        this.ended = true;
        this.fragmenter.flush();
        options.onExit(code === 0 ? null : `ffmpeg exited with ${signal ?? code}: ${this.stderr.trim() || 'no message'}`);
        resolve();
      });
      this.child.on('error', (err) => {
        this.ended = true;
        options.onExit(`ffmpeg did not start: ${err.message}`);
        resolve();
      });
    });
    this.child.stdin.write(matroskaHeader(options.width, options.height));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Writes one frame at `ms` from the start; false once ffmpeg is gone. */
  write(ms: number, jpeg: Buffer): boolean {
    if (this.ended || this.child.stdin.destroyed) return false;
    this.child.stdin.write(matroskaFrame(ms, jpeg));
    return true;
  }

  /** Closes the input; ffmpeg writes what it has and exits. */
  async finish(): Promise<void> {
    if (!this.ended) this.child.stdin.end();
    await this.exited;
  }

  kill(): void {
    if (!this.ended) this.child.kill('SIGKILL');
  }
}
