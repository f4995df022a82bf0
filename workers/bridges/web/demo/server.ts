import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

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

export interface DemoServer {
  /** The app's start URL, e.g. http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

/** Serves the bundled demo app on 127.0.0.1 and an ephemeral port. */
export async function startDemoServer(): Promise<DemoServer> {
  const root = publicDir();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    const type = TYPES[extname(file)];
    if (!file.startsWith(root) || !type || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
