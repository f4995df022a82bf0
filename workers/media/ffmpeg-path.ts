import { accessSync, constants } from 'node:fs';

/** ffmpeg for transcoding screenrecord: FFMPEG_PATH, else the system's; null when there is none. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.FFMPEG_PATH?.trim(), '/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg', '/opt/homebrew/bin/ffmpeg'].filter((p): p is string => !!p);
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      continue;
    }
  }
  return null;
}
