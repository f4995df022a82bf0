import { SimlabError } from '../../core/contract/index.js';

export interface AuthFailureLimit {
  /** Failed authentications per client address per window; past it the address is refused before its token is looked at. */
  max: number;
  windowMs: number;
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimit = { max: 30, windowMs: 60_000 };
/** Addresses remembered at once; a flood of new ones evicts the oldest window, never grows memory. */
const MAX_ADDRESSES = 10_000;

interface Window {
  failures: number;
  resetAt: number;
}

/**
 * Failed authentication counted by client address (issue 18, item 6). The per-token request
 * limit does not stop guessing: every forged token names a new id and gets a fresh budget. An
 * address past its failures is refused before any token is checked (no scrypt, no store read),
 * so guessing costs the hub nothing until its window ends.
 */
export class AuthFailures {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limit: AuthFailureLimit = DEFAULT_AUTH_FAILURE_LIMIT) {}

  /** Throws RATE_LIMITED (with when to come back) if this address failed too often lately. */
  assertAllowed(address: string, now = Date.now()): void {
    const w = this.windows.get(address);
    if (!w) return;
    if (w.resetAt <= now) {
      this.windows.delete(address);
      return;
    }
    if (w.failures >= this.limit.max) {
      throw new SimlabError('RATE_LIMITED', `too many failed sign-ins from ${address}: over ${this.limit.max} per ${this.limit.windowMs} ms`, {
        retryAfterMs: w.resetAt - now,
        details: { max: this.limit.max, windowMs: this.limit.windowMs },
      });
    }
  }

  failed(address: string, now = Date.now()): void {
    const w = this.windows.get(address);
    if (w && w.resetAt > now) {
      w.failures += 1;
      return;
    }
    this.windows.delete(address);
    if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value as string);
    this.windows.set(address, { failures: 1, resetAt: now + this.limit.windowMs });
  }
}

/** Failed authentications per minute per address from SIMLAB_AUTH_FAILURE_LIMIT, when set. */
export function authFailureLimitFromEnv(env: NodeJS.ProcessEnv = process.env): AuthFailureLimit | undefined {
  const raw = env.SIMLAB_AUTH_FAILURE_LIMIT;
  if (raw === undefined || raw === '') return undefined;
  const max = Number(raw);
  if (!Number.isInteger(max) || max < 1) throw new Error(`SIMLAB_AUTH_FAILURE_LIMIT must be a positive number of failures per minute, not "${raw}"`);
  return { max, windowMs: 60_000 };
}
