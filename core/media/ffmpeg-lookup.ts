/** Where ffmpeg is looked for, in order, on the hub (clips) and on workers (streams, recordings). */
export interface FfmpegLookup {
  env: Readonly<Record<string, string | undefined>>;
  /** The binary path the optional `ffmpeg-static` package exports, when it is installed. */
  staticBinary: () => unknown;
  isExecutable: (path: string) => boolean;
}

const SYSTEM_PATHS = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg', '/opt/homebrew/bin/ffmpeg'];

/** FFMPEG_PATH, else ffmpeg-static, else the system's; null when there is none. */
export function lookUpFfmpeg(lookup: FfmpegLookup): string | null {
  const fromPackage = lookup.staticBinary();
  const candidates = [lookup.env.FFMPEG_PATH?.trim(), typeof fromPackage === 'string' ? fromPackage : undefined, ...SYSTEM_PATHS];
  for (const path of candidates) if (path && lookup.isExecutable(path)) return path;
  return null;
}
