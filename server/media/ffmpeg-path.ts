import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { lookUpFfmpeg } from '../../core/media/ffmpeg-lookup.js';

/** ffmpeg for clips cut on the hub (the order is core/media/ffmpeg-lookup.ts's); null when there is none. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  return lookUpFfmpeg({
    env,
    // The optional package's install step downloads the binary, which fails on closed networks: then it is absent.
    staticBinary: () => {
      try {
        return createRequire(import.meta.url)('ffmpeg-static');
      } catch {
        return undefined;
      }
    },
    isExecutable: (path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  });
}
