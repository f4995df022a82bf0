import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { matroskaFrame, matroskaHeader, type MatroskaCodec } from './matroska-stream.js';
import { Mp4Fragmenter } from './mp4-fragments.js';

/** A fragment at least this often (µs), so a worker that dies loses under a second of video. */
const FRAGMENT_US = 250_000;
/**
 * Copied H.264 reaches ffmpeg a frame or two later than encoded frames would (a unit is whole only
 * when the next begins, and the last is held for its duration): shorter fragments make up for it
 * (a fragment's header is about 100 bytes: 1 KB a second at this rate).
 */
const COPY_FRAGMENT_US = 100_000;
/** A keyframe every this many seconds, for seeking. */
const KEYFRAME_EVERY_S = 2;

export interface EncoderOptions {
  ffmpeg: string;
  /** The first frame's size; every frame is scaled to it (rounded down to even for H.264). */
  width: number;
  height: number;
  /**
   * What comes in: JPEG frames to encode, or the device's own H.264 (with its avcC) to copy into
   * the MP4 as it is (no decoding, no encoding: the cheap way, at the device's quality).
   */
  input: { codec: 'mjpeg' } | { codec: 'h264'; avcC: Buffer };
  onPiece: (piece: Buffer, kind: 'init' | 'fragment') => void;
  onExit: (error: string | null) => void;
}

/**
 * ffmpeg's arguments: Matroska with real times in, H.264 fragmented MP4 out, VFR kept. JPEG
 * frames are encoded; H.264 is copied (`copy`), its frame times as they came.
 */
export function encoderArgs(width: number, height: number, copy = false): string[] {
  const w = Math.max(2, width - (width % 2));
  const h = Math.max(2, height - (height % 2));
  const video = copy
    ? ['-c:v', 'copy']
    : [
        '-vf', `scale=${w}:${h}`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-crf', '28', '-pix_fmt', 'yuv420p',
        '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_EVERY_S})`,
        // Keep each frame's own time (no duplication to a constant rate) at millisecond precision.
        '-fps_mode', 'passthrough', '-enc_time_base', '1/1000',
      ];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    // No `-fflags nobuffer`: with ffmpeg 5.1 it held about a second of frames before the first
    // fragment came out (measured), which a killed worker would lose.
    '-probesize', '32', '-analyzeduration', '0',
    '-f', 'matroska', '-i', 'pipe:0',
    ...video,
    '-video_track_timescale', '1000',
    '-movflags', 'empty_moov+default_base_moof', '-frag_duration', String(copy ? COPY_FRAGMENT_US : FRAGMENT_US), '-flush_packets', '1',
    '-f', 'mp4', 'pipe:1',
  ];
}

/** One ffmpeg process turning timed frames (JPEG, or H.264 to copy) into fragmented MP4 pieces. */
export class FfmpegEncoder {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly fragmenter: Mp4Fragmenter;
  private stderr = '';
  private ended = false;
  readonly exited: Promise<void>;

  constructor(options: EncoderOptions) {
    this.fragmenter = new Mp4Fragmenter(options.onPiece);
    const copy = options.input.codec === 'h264';
    this.child = spawn(options.ffmpeg, encoderArgs(options.width, options.height, copy), { stdio: ['pipe', 'pipe', 'pipe'] });
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
    const codec: MatroskaCodec = options.input.codec === 'h264' ? { id: 'V_MPEG4/ISO/AVC', avcC: options.input.avcC } : { id: 'V_MJPEG' };
    this.child.stdin.write(matroskaHeader(options.width, options.height, codec));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * Writes one frame (a JPEG, or an H.264 sample whose `key` says whether it is an IDR) at `ms`
   * from the start, with its duration when it is the last; false once ffmpeg is gone.
   */
  write(ms: number, data: Buffer, options: { key?: boolean; durationMs?: number } = {}): boolean {
    if (this.ended || this.child.stdin.destroyed) return false;
    this.child.stdin.write(matroskaFrame(ms, data, options));
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
