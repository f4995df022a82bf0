import { startHub, type Hub, type HubOptions } from '../hub.js';
import { issueToken } from '../auth/tokens.js';
import type { Role } from '../store/store.js';
import { tempDataDir } from './temp-data-dir.js';

type TestContext = Parameters<typeof tempDataDir>[0];

export interface Call {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface TestHub {
  hub: Hub;
  dataDir: string;
  tokens: Record<Role, string>;
  call(method: string, path: string, init?: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Call>;
}

/** A hub on port 0 with a temp data dir and one token per role, closed when the test ends. */
export async function startTestHub(t: TestContext, options: Partial<HubOptions> = {}, dataDir = tempDataDir(t)): Promise<TestHub> {
  const hub = await startHub({ port: 0, dataDir, rateLimit: { max: 100_000, windowMs: 60_000 }, authFailureLimit: { max: 100_000, windowMs: 60_000 }, ...options });
  t.after(() => hub.close());
  const tokens = { worker: hub.workerToken ?? '' } as Record<Role, string>;
  for (const role of ['admin', 'member', 'agent', 'viewer'] as const) {
    tokens[role] = (await issueToken(hub.services.store, `${role}-1`, role, null)).token;
  }
  return { hub, dataDir, tokens, call: (method, path, init = {}) => call(hub.url, method, path, init) };
}

export async function call(
  base: string,
  method: string,
  path: string,
  init: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const type = res.headers.get('content-type') ?? '';
  const parsed = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: parsed, headers: res.headers };
}
