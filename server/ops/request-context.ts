import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The header that carries a request id in (from a proxy or client) and back out. */
export const REQUEST_ID_HEADER = 'x-request-id';

const context = new AsyncLocalStorage<{ requestId: string }>();

/** The caller's own id when it is short and plain, else a new one: it ends up in logs. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(header) ? header : `req_${randomUUID()}`;
}

/** Runs fn with this request id visible to everything it calls (the dispatch to a worker). */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
