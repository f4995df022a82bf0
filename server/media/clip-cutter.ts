import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimlabError } from '../../core/contract/index.js';
import type { ClipFormat } from '../../core/replay/clip-range.js';
import type { RecordingVideo } from '../recordings/recording-reader.js';

export interface ClipRequest {
  video: RecordingVideo;
  startMs: number;
  endMs: number;
  format: ClipFormat;
  /** Output width in pixels (height follows); default: the recording's for MP4, at most 360 for a GIF. */
  width?: number | undefined;
}

/** A cut that takes longer than this is given up (a 30 s GIF takes a few seconds on one core). */
const CUT_TIMEOUT_MS = 120_000;
/** The recording is copied to the cutter's file in pieces of this size, never held whole. */
const COPY_PIECE_BYTES = 8 * 1024 * 1024;
const GIF_FPS = 10;
const GIF_DEFAULT_WIDTH = 360;

function filters(format: ClipFormat, width: number | undefined): string {
  if (format === 'mp4') return width === undefined ? 'scale=trunc(iw/2)*2:trunc(ih/2)*2' : `scale=${width}:-2`;
  const scale = width === undefined ? `scale='min(${GIF_DEFAULT_WIDTH},iw)':-1:flags=lanczos` : `scale=${width}:-1:flags=lanczos`;
  // One palette of 128 colours for the whole clip, from the pixels that change, and no dithering:
  // app screens are flat colours and text: on a 10 s demo-app clip this is 29% smaller than 256 dithered colours at 12 fps, and reads the same.
  return `fps=${GIF_FPS},${scale},split[a][b];[a]palettegen=stats_mode=diff:max_colors=128[p];[b][p]paletteuse=dither=none:diff_mode=rectangle`;
}

function ffmpegArgs(input: string, output: string, r: ClipRequest): string[] {
  const cut = ['-v', 'error', '-nostdin', '-y', '-ss', (r.startMs / 1000).toFixed(3), '-i', input, '-t', ((r.endMs - r.startMs) / 1000).toFixed(3), '-map', '0:v:0', '-an', '-vf', filters(r.format, r.width)];
  if (r.format === 'gif') return [...cut, '-loop', '0', '-f', 'gif', output];
  return [...cut, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4', output];
}

function run(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), CUT_TIMEOUT_MS);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new SimlabError('INTERNAL', signal === 'SIGKILL' ? `cutting the clip took over ${CUT_TIMEOUT_MS / 1000} s` : `ffmpeg failed (${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * Cuts clips of recordings with ffmpeg on the hub, one at a time (a cut takes a core while it
 * runs, and the hub has requests to answer); a few more wait their turn, beyond that the answer
 * is RATE_LIMITED.
 */
export class ClipCutter {
  private turn: Promise<unknown> = Promise.resolve();
  private queued = 0;

  constructor(
    private readonly ffmpeg: string | null,
    private readonly maxQueued = 4,
  ) {}

  async cut(request: ClipRequest): Promise<Buffer> {
    const ffmpeg = this.ffmpeg;
    if (!ffmpeg) throw new SimlabError('UNSUPPORTED', 'the hub has no ffmpeg to cut clips with', { hint: 'install ffmpeg on the hub host, or set FFMPEG_PATH' });
    if (this.queued >= this.maxQueued) throw new SimlabError('RATE_LIMITED', `${this.queued} clips are being cut already`, { retryAfterMs: 5000 });
    this.queued += 1;
    const mine = this.turn.then(() => this.cutNow(ffmpeg, request));
    this.turn = mine.catch(() => undefined);
    try {
      return await mine;
    } finally {
      this.queued -= 1;
    }
  }

  private async cutNow(ffmpeg: string, r: ClipRequest): Promise<Buffer> {
    const dir = await mkdtemp(join(tmpdir(), 'simlab-clip-'));
    try {
      const input = join(dir, 'recording.mp4');
      const output = join(dir, `clip.${r.format}`);
      for (let start = 0; start < r.video.size; start += COPY_PIECE_BYTES) {
        await appendFile(input, await r.video.read({ start, end: Math.min(r.video.size, start + COPY_PIECE_BYTES) }));
      }
      await run(ffmpeg, ffmpegArgs(input, output, r));
      const clip = await readFile(output).catch(() => Buffer.alloc(0));
      if (clip.length === 0) {
        throw new SimlabError('INVALID_ARGS', `the recording has no frames from ${r.startMs} to ${r.endMs} ms`, { hint: 'GET /sessions/:id/replay gives each step its place in the video' });
      }
      return clip;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
