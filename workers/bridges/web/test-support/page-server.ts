import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  /** Every path requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

type Handler = string | ((req: IncomingMessage, res: ServerResponse) => void);

/**
 * Serves test pages from memory on 127.0.0.1 and an ephemeral port (web devices open only
 * http(s), so tests serve their pages instead of using data: URLs). A string is sent as
 * HTML; a function answers by itself (redirects, slow answers).
 */
export async function startPageServer(pages: Record<string, Handler>): Promise<PageServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const page = pages[path];
    if (page === undefined) {
      res.writeHead(404).end();
    } else if (typeof page === 'string') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
    } else {
      page(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
