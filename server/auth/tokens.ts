import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Role, Store, TokenRecord } from '../store/store.js';
import { AuthFailures } from './auth-failures.js';
import { WebSessions } from './web-sessions.js';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;
const TOKEN_PATTERN = /^slk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** A token as shown once: `slk_<id>_<secret>`; the id finds the row, the secret is checked against its salted scrypt hash. */
export interface IssuedToken {
  token: string;
  record: TokenRecord;
}

async function hashSecret(secret: string, salt: Buffer): Promise<string> {
  const key = await scryptAsync(secret, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function secretMatches(secret: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(secret, Buffer.from(salt, 'base64'), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export async function issueToken(store: Store, name: string, role: Role, expiresAt: number | null, now = Date.now()): Promise<IssuedToken> {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const record: TokenRecord = { id, name, role, hash: await hashSecret(secret, randomBytes(16)), createdAt: now, expiresAt, revokedAt: null };
  await store.createToken(record);
  return { token: `slk_${id}_${secret}`, record };
}

export type TokenCheck = { ok: true; record: TokenRecord } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' | 'signed-out' };

/**
 * Checks a presented token. scrypt costs ~30 ms, so a token that matched once is remembered
 * (by its SHA-256, in memory only); revocation and expiry are still read from the store each time.
 */
export class TokenVerifier {
  private readonly matched = new Map<string, string>();
  /** Dashboard sign-ins, which act as their token while they last. */
  readonly sessions: WebSessions;

  constructor(
    private readonly store: Store,
    private readonly failures = new AuthFailures(),
  ) {
    this.sessions = new WebSessions(store);
  }

  /**
   * check() for a request from a client address: an address that failed too often lately is
   * refused (RATE_LIMITED) before the token is looked at, and a token that names nothing counts
   * against it. Revoked and expired tokens are real ones and do not count.
   */
  async checkFrom(address: string | undefined, token: string, now = Date.now()): Promise<TokenCheck> {
    const from = address ?? 'unknown';
    this.failures.assertAllowed(from, now);
    const result = await this.check(token, now);
    if (!result.ok && (result.reason === 'malformed' || result.reason === 'unknown')) this.failures.failed(from, now);
    return result;
  }

  /** A dashboard cookie's session, from a client address (limited like checkFrom): its token, while both are live. */
  async checkSessionFrom(address: string | undefined, value: string, now = Date.now()): Promise<TokenCheck> {
    const from = address ?? 'unknown';
    this.failures.assertAllowed(from, now);
    const session = await this.sessions.check(value, now);
    if (!('session' in session)) {
      this.failures.failed(from, now);
      return { ok: false, reason: 'signed-out' };
    }
    // A session ended by its token's revocation or expiry says so (the page tells the person why).
    const record = await this.store.getToken(session.session.tokenId);
    if (!record) return { ok: false, reason: 'signed-out' };
    if (record.revokedAt !== null) return { ok: false, reason: 'revoked' };
    if (record.expiresAt !== null && record.expiresAt <= now) return { ok: false, reason: 'expired' };
    return session.ok ? { ok: true, record } : { ok: false, reason: session.reason };
  }

  async check(token: string, now = Date.now()): Promise<TokenCheck> {
    const m = TOKEN_PATTERN.exec(token);
    if (!m) return { ok: false, reason: 'malformed' };
    const [, id, secret] = m as unknown as [string, string, string];
    const record = await this.store.getToken(id);
    if (!record) return { ok: false, reason: 'unknown' };
    const digest = createHash('sha256').update(token).digest('hex');
    if (this.matched.get(digest) !== id) {
      if (!(await secretMatches(secret, record.hash))) return { ok: false, reason: 'unknown' };
      this.matched.set(digest, id);
    }
    if (record.revokedAt !== null) return { ok: false, reason: 'revoked' };
    if (record.expiresAt !== null && record.expiresAt <= now) return { ok: false, reason: 'expired' };
    return { ok: true, record };
  }
}
