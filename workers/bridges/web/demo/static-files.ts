import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

export interface StaticFiles {
  /** Base URL with a trailing slash, e.g. http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves files on 127.0.0.1 and an ephemeral port (GET and HEAD only): `fileOf` maps a decoded
 * URL path to a file it allows, or undefined (404). A path that does not decode is 400, never a
 * thrown error in the handler.
 */
export async function serveStaticFiles(fileOf: (path: string) => string | undefined, headers: Record<string, string> = {}): Promise<StaticFiles> {
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = fileOf(path);
    const type = file === undefined ? undefined : CONTENT_TYPES[extname(file)];
    if (file === undefined || !type || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': type, ...headers });
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
