import { execFileSync } from 'node:child_process';

/** What ffprobe says of an MP4: its duration and every video frame's time (s). */
export function probeVideo(file: string): { duration: number; codec: string; frameTimes: number[] } {
  const format = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', file], { encoding: 'utf8' }),
  ) as { format: { duration: string }; streams: Array<{ codec_name: string }> };
  const frames = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return {
    duration: Number(format.format.duration),
    codec: format.streams[0]?.codec_name ?? '',
    frameTimes: frames.split('\n').map((l) => l.split(',')[0]?.trim() ?? '').filter((l) => l !== '').map(Number),
  };
}

/** Every frame decoded to a small grey image (w x h bytes each), in order, for comparing screens. */
export function decodeSmallFrames(file: string, w = 39, h = 84): Buffer[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-fps_mode', 'passthrough', '-vf', `scale=${w}:${h}`, '-pix_fmt', 'gray', '-f', 'rawvideo', '-'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  const frames: Buffer[] = [];
  for (let i = 0; i + w * h <= raw.length; i += w * h) frames.push(raw.subarray(i, i + w * h));
  return frames;
}

/**
 * The index of the first frame after `before` from which the pixels that differ between frames
 * `before` and `after` stay (90% of them) as they are in `after`, up to `after`.
 */
export function firstSettledFrame(frames: Buffer[], before: number, after: number, step = 24): number {
  const a = frames[after]!;
  const b = frames[before]!;
  const changed: number[] = [];
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > step) changed.push(i);
  let settled = after;
  for (let f = after - 1; f > before; f--) {
    const differing = changed.filter((i) => Math.abs(frames[f]![i]! - a[i]!) > step).length;
    if (differing / changed.length >= 0.1) break;
    settled = f;
  }
  return settled;
}
