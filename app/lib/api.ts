import type { Envelope } from '../../core/contract/envelope.js';

/** A failed API call, with the contract's error code. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Leaves for the sign-in page, saying why and where to come back to. */
export function toSignIn(reason: string): void {
  if (window.location.pathname === '/signin') return;
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/signin?reason=${encodeURIComponent(reason)}&next=${encodeURIComponent(next)}`);
}

/** One call to the hub's REST API with the session cookie; a dead session goes to sign-in. */
export async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError('NETWORK', 'the hub cannot be reached', 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope) throw new ApiError('INTERNAL', `the hub answered ${response.status} without an envelope`, response.status);
  if (!envelope.ok) {
    if (envelope.error.code === 'UNAUTHORIZED') toSignIn(String(envelope.error.details?.reason ?? 'signed-out'));
    throw new ApiError(envelope.error.code, envelope.error.message, response.status);
  }
  return envelope.data;
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return `${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
