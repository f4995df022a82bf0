// `screenrecord`: rendered frames of the current screen, encoded to H.264 by ffmpeg (libx264)
// at a steady frame rate until the time limit or until the host closes the stream; the raw H.264
// has its SPS/PPS once, at the start (parameter-sets-once.ts), as MediaCodec sends them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { ParameterSetsOnce } from './parameter-sets-once.js';

export interface RecordOptions {
  /** The frame due `ms` after the recording began. */
  frame(ms: number): Promise<Buffer>;
  fps: number;
  timeLimitMs: number;
  bitRate: number;
  size: { width: number; height: number } | null;
  format: 'h264' | 'mp4';
  write(chunk: Buffer): Promise<void>;
  signal: AbortSignal;
  ffmpegPath?: string;
}

export async function recordScreen(o: RecordOptions): Promise<number> {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const scale = o.size ? ['-vf', `scale=${even(o.size.width)}:${even(o.size.height)}`] : ['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'];
  const format = o.format === 'mp4' ? ['-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4'] : ['-bsf:v', 'h264_mp4toannexb', '-f', 'h264'];
  const ff = spawn(
    o.ffmpegPath ?? 'ffmpeg',
    [
      '-hide_banner', '-loglevel', 'error', '-probesize', '32', '-analyzeduration', '0', '-threads', '1', '-f', 'image2pipe', '-framerate', String(o.fps), '-c:v', 'png', '-i', 'pipe:0',
      ...scale, '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
      '-b:v', String(o.bitRate), '-g', String(o.fps), '-flush_packets', '1', ...format, 'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const exited = once(ff, 'close').catch(() => undefined);
  ff.stdin.on('error', () => undefined);
  ff.on('error', () => undefined);
  let writing: Promise<void> = Promise.resolve();
  // The raw stream carries its parameter sets once, at the start, as a phone's does.
  const parameterSets = o.format === 'h264' ? new ParameterSetsOnce() : null;
  ff.stdout.on('data', (chunk: Buffer) => {
    ff.stdout.pause();
    const out = parameterSets ? parameterSets.push(chunk) : chunk;
    writing = writing.then(() => (out.length > 0 ? o.write(out) : undefined)).finally(() => ff.stdout.resume());
  });
  const kill = () => ff.kill('SIGKILL');
  o.signal.addEventListener('abort', kill, { once: true });
  try {
    const interval = 1000 / o.fps;
    const start = Date.now();
    for (let i = 0; !o.signal.aborted && i * interval < o.timeLimitMs; i++) {
      const frame = await o.frame(i * interval);
      if (o.signal.aborted || ff.stdin.destroyed) break;
      if (!ff.stdin.write(frame)) await Promise.race([once(ff.stdin, 'drain').catch(() => undefined), exited]);
      const wait = start + (i + 1) * interval - Date.now();
      if (wait > 0) await sleep(wait, undefined, { signal: o.signal }).catch(() => undefined);
    }
    ff.stdin.end();
    await exited;
    await writing;
    const rest = parameterSets?.end();
    if (rest?.length && !o.signal.aborted) await o.write(rest);
    return o.signal.aborted ? 130 : ff.exitCode === 0 ? 0 : 1;
  } finally {
    o.signal.removeEventListener('abort', kill);
    if (ff.exitCode === null && ff.signalCode === null) kill();
  }
}
