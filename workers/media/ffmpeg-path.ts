import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

/** The binary of the optional `ffmpeg-static` package; its install step downloads it, which fails on closed networks. */
function ffmpegStatic(): string | undefined {
  try {
    const path: unknown = createRequire(import.meta.url)('ffmpeg-static');
    return typeof path === 'string' ? path : undefined;
  } catch {
    return undefined;
  }
}

/** ffmpeg for streams and recordings: FFMPEG_PATH, else ffmpeg-static, else the system's; null when there is none. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.FFMPEG_PATH?.trim(), ffmpegStatic(), '/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg', '/opt/homebrew/bin/ffmpeg'];
  for (const path of candidates) {
    if (!path) continue;
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      continue;
    }
  }
  return null;
}
