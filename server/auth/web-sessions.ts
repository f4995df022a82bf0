import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store, TokenRecord, WebSessionRecord } from '../store/store.js';

/** How long a dashboard sign-in lasts (never past its token's own expiry). */
export const WEB_SESSION_MS = 12 * 3_600_000;
/** Sessions over for this long are forgotten as new ones open, so the table holds about a day of sign-ins. */
const KEEP_ENDED_MS = 86_400_000;
const SESSION_PATTERN = /^sls_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** A session's secret is 32 random bytes: one SHA-256 is enough to keep it out of the store (no guessing a 256-bit value). */
function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export type SessionCheck =
  | { ok: true; session: WebSessionRecord }
  | { ok: false; reason: 'malformed' | 'unknown' }
  /** A genuine session that is over: the record says whose, so the reason can name its token's fate. */
  | { ok: false; reason: 'signed-out' | 'expired'; session: WebSessionRecord };

/**
 * Dashboard sessions (issue 18, item 6): the cookie carries its own short-lived secret, never
 * the API token, so a stolen cookie is worth 12 hours at most, sign-out ends it on the hub (not
 * only in the browser), and revoking the token ends all of its sessions.
 */
export class WebSessions {
  constructor(private readonly store: Store) {}

  /** Opens a session for a token that was just checked; answers the cookie value and when it ends. */
  async open(token: TokenRecord, now = Date.now()): Promise<{ value: string; expiresAt: number }> {
    const id = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = Math.min(now + WEB_SESSION_MS, token.expiresAt ?? Number.MAX_SAFE_INTEGER);
    await this.store.pruneWebSessions(now - KEEP_ENDED_MS);
    await this.store.createWebSession({ id, tokenId: token.id, hash: digest(secret), createdAt: now, expiresAt, endedAt: null });
    return { value: `sls_${id}_${secret}`, expiresAt };
  }

  async check(value: string, now = Date.now()): Promise<SessionCheck> {
    const m = SESSION_PATTERN.exec(value);
    if (!m) return { ok: false, reason: 'malformed' };
    const [, id, secret] = m as unknown as [string, string, string];
    const session = await this.store.getWebSession(id);
    if (!session) return { ok: false, reason: 'unknown' };
    const expected = Buffer.from(session.hash);
    const presented = Buffer.from(digest(secret));
    if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return { ok: false, reason: 'unknown' };
    if (session.endedAt !== null) return { ok: false, reason: 'signed-out', session };
    if (session.expiresAt <= now) return { ok: false, reason: 'expired', session };
    return { ok: true, session };
  }

  /** Sign-out: ends the session the cookie names, if the cookie is genuine. */
  async end(value: string, now = Date.now()): Promise<boolean> {
    const check = await this.check(value, now);
    return check.ok ? this.store.endWebSession(check.session.id, now) : false;
  }

  endAllOf(tokenId: string, now = Date.now()): Promise<number> {
    return this.store.endWebSessionsOf(tokenId, now);
  }
}
