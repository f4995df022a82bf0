import { existsSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStaticFiles, type StaticFiles } from './static-files.js';

/**
 * The static files live beside the source. A compiled copy (dist/) has no static files,
 * so it falls back to the source tree's folder.
 */
function publicDir(): string {
  const here = fileURLToPath(new URL('./public/', import.meta.url));
  if (existsSync(here)) return here;
  const fromDist = here.replace(`${sep}dist${sep}`, sep);
  if (existsSync(fromDist)) return fromDist;
  throw new Error(`demo app files not found at ${here}`);
}

/** The app's start URL (e.g. http://127.0.0.1:PORT/) and how to stop serving it. */
export type DemoServer = StaticFiles;

/** Serves the bundled demo app on 127.0.0.1 and an ephemeral port. */
export async function startDemoServer(): Promise<DemoServer> {
  const root = publicDir();
  return serveStaticFiles((path) => {
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    return file.startsWith(root) ? file : undefined;
  }, { 'cache-control': 'no-store' });
}
