import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { REPO_ROOT } from './fixtures.js';

const TYPES: Record<string, string> = {
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

export interface StaticServer {
  /** Base URL with a trailing slash, e.g. http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a folder of test pages on 127.0.0.1 and an ephemeral port, and under `/npm/<package>/`
 * the files of the named npm packages (UI kits, icon fonts), so pages load real libraries with
 * no network.
 */
export async function startStaticServer(root: string, packages: string[] = []): Promise<StaticServer> {
  const roots = new Map<string, string>(packages.map((p) => [p, join(REPO_ROOT, 'node_modules', p) + sep]));
  const base = normalize(root + sep);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const pkg = [...roots.keys()].find((p) => path.startsWith(`/npm/${p}/`));
    const dir = pkg ? (roots.get(pkg) as string) : base;
    const file = normalize(join(dir, pkg ? path.slice(`/npm/${pkg}/`.length) : path));
    const type = TYPES[extname(file)];
    if (!file.startsWith(dir) || !type || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': type });
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
