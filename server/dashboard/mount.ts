import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import type { TokenVerifier } from '../auth/tokens.js';
import { gatePage } from './page-gate.js';
import { handleSessionRoute } from './session-cookie.js';

/** The Next.js app (app/), found upwards from here: server/dashboard in the sources, dist/server/dashboard when built. */
export function findAppDir(from = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'app', 'next.config.mjs'))) return join(dir, 'app');
    if (dirname(dir) === dir) throw new Error('the dashboard (app/next.config.mjs) was not found above the hub');
  }
}

/** True once `next build` has produced the app this hub serves. */
export function dashboardBuilt(appDir = findAppDir()): boolean {
  return existsSync(join(appDir, '.next', 'BUILD_ID'));
}

/** The part of Next's custom-server API used here. */
interface NextServer {
  prepare(): Promise<void>;
  getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  close(): Promise<void>;
}
type NextFactory = (options: { dev: boolean; dir: string; quiet?: boolean }) => NextServer;

/**
 * Loads Next by a computed name: importing 'next' statically would pull its global type
 * declarations (a required NODE_ENV in ProcessEnv) into the hub's whole type-check.
 */
async function loadNext(): Promise<NextFactory> {
  const name = 'next';
  const loaded = (await import(name)) as { default: NextFactory | { default: NextFactory } };
  return typeof loaded.default === 'function' ? loaded.default : loaded.default.default;
}

export interface Dashboard {
  /** The hub's fallback: every request outside /api and /socket.io. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Starts serving with this hub's token verifier (requests before it get 503). */
  bind(verifier: TokenVerifier): void;
  close(): Promise<void>;
}

function unavailable(res: ServerResponse, message: string): void {
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
  res.end(message);
}

/**
 * The built Next.js dashboard behind the hub's one port, with the cookie session in front of it:
 * /auth/signin and /auth/signout, and a gate that sends pages without a valid session to sign-in.
 */
export async function createDashboard(appDir = findAppDir()): Promise<Dashboard> {
  if (!dashboardBuilt(appDir)) throw new Error(`the dashboard is not built: run \`npm run build\` (next build ${appDir})`);
  const next = await loadNext();
  const app = next({ dev: false, dir: appDir, quiet: true });
  await app.prepare();
  const nextHandle = app.getRequestHandler();
  let verifier: TokenVerifier | null = null;

  const serve = async (req: IncomingMessage, res: ServerResponse, v: TokenVerifier): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://hub');
    if (await handleSessionRoute(req, res, url.pathname, v)) return;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const gate = await gatePage(url.pathname, url.search, req.headers, v, req.socket.remoteAddress);
      if (!gate.pass) {
        res.writeHead(302, { location: gate.location, 'cache-control': 'no-store' });
        res.end();
        return;
      }
    }
    await nextHandle(req, res);
  };

  return {
    handle: (req, res) => {
      if (!verifier) return unavailable(res, 'the dashboard is starting');
      serve(req, res, verifier).catch(() => {
        if (!res.headersSent) unavailable(res, 'the dashboard could not answer this request');
        else res.end();
      });
    },
    bind: (v) => {
      verifier = v;
    },
    close: () => app.close(),
  };
}
