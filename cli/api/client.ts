import { fail, type Envelope } from '../../core/contract/envelope.js';
import type { Connection } from './connection.js';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** How long to wait for the answer (default 60 s; a lease wait asks for more). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The CLI's only way to the lab: one HTTP call to /api/v1, one envelope back. Transport
 * failures become envelopes too, with an honest delivery, so every command prints and
 * exits the same way.
 */
export class HubClient {
  constructor(readonly connection: Connection) {}

  async request<T = unknown>(command: string, method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const url = this.url(path, options.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.connection.token) headers.authorization = `Bearer ${this.connection.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      return transportFailure(command, this.connection.hub, method, err, timeoutMs);
    }
    const text = await response.text().catch(() => '');
    const envelope = parseEnvelope<T>(text);
    if (envelope) return envelope;
    return fail(command, response.status >= 500 ? 'INTERNAL' : 'INVALID_ARGS', `the hub answered HTTP ${response.status} without an envelope`, {
      delivery: method === 'GET' ? 'not_delivered' : 'unknown',
      details: { status: response.status, body: text.slice(0, 500) },
    });
  }

  /** Bytes from the hub (a bundle, a video): the bytes on 200, else the hub's error envelope. */
  async download(command: string, path: string, timeoutMs = 10 * 60_000, query?: RequestOptions['query']): Promise<Envelope<Buffer>> {
    const headers: Record<string, string> = {};
    if (this.connection.token) headers.authorization = `Bearer ${this.connection.token}`;
    let response: Response;
    try {
      response = await fetch(this.url(path, query), { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      return transportFailure(command, this.connection.hub, 'GET', err, timeoutMs);
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (response.ok) return { version: '1', ok: true, command, data: body };
    return (
      parseEnvelope<Buffer>(body.toString('utf8')) ??
      fail(command, response.status >= 500 ? 'INTERNAL' : 'INVALID_ARGS', `the hub answered HTTP ${response.status}`, { delivery: 'not_delivered' })
    );
  }

  url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(`${this.connection.hub}/api/v1${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }
}

function parseEnvelope<T>(text: string): Envelope<T> | undefined {
  try {
    const value = JSON.parse(text) as Partial<Envelope<T>>;
    if (value && typeof value === 'object' && typeof value.ok === 'boolean' && typeof value.command === 'string') {
      return value as Envelope<T>;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function transportFailure(command: string, hub: string, method: string, err: unknown, timeoutMs: number): Envelope<never> {
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return fail(command, 'TIMEOUT', `no answer from the hub at ${hub} within ${timeoutMs} ms`, {
      delivery: method === 'GET' ? 'not_delivered' : 'delivery_uncertain',
      hint: 'observe the screen before acting again: the action may have happened',
    });
  }
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
  const refused = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH/.test(cause);
  return fail(command, 'DEVICE_UNAVAILABLE', `cannot reach the hub at ${hub}: ${cause}`, {
    delivery: refused || method === 'GET' ? 'not_delivered' : 'delivery_uncertain',
    hint: 'is the lab running (`npm start`)? check --hub / SIMLAB_HUB, or run `simlab doctor`',
  });
}
