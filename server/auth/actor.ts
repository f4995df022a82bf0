import type { IncomingHttpHeaders } from 'node:http';
import { SimlabError } from '../../core/contract/index.js';
import type { Role } from '../store/store.js';
import type { TokenVerifier } from './tokens.js';

/** Who is calling: the token's id, name and role. */
export interface Actor {
  tokenId: string;
  name: string;
  role: Role;
}

/** The dashboard's cookie (HttpOnly, set by /auth/signin): a web session's secret, never the API token. */
export const SESSION_COOKIE = 'simlab_session';

interface Credential {
  kind: 'bearer' | 'session';
  value: string;
}

function credentialOf(headers: IncomingHttpHeaders): Credential | null {
  const auth = headers.authorization;
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return { kind: 'bearer', value: m?.[1] ?? '' };
  }
  const value = sessionCookieOf(headers);
  return value === null ? null : { kind: 'session', value };
}

/** The session cookie's value, if the request carries one ('' when it does not decode). */
export function sessionCookieOf(headers: IncomingHttpHeaders): string | null {
  const cookie = headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      // A malformed cookie is a bad session (401), not a server error.
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return '';
      }
    }
  }
  return null;
}

/**
 * The actor behind a request's headers (Authorization: Bearer, else the session cookie), for REST
 * and for Socket.IO handshakes alike. Throws UNAUTHORIZED with the reason, or RATE_LIMITED
 * when the client address failed too often lately.
 */
export async function resolveActor(headers: IncomingHttpHeaders, verifier: TokenVerifier, address: string | undefined): Promise<Actor> {
  const credential = credentialOf(headers);
  if (credential === null) {
    throw new SimlabError('UNAUTHORIZED', 'no token: send Authorization: Bearer <token>', {
      hint: 'create a token with an admin token: POST /api/v1/tokens',
    });
  }
  const check =
    credential.kind === 'bearer' ? await verifier.checkFrom(address, credential.value) : await verifier.checkSessionFrom(address, credential.value);
  if (!check.ok) {
    const why = { malformed: 'malformed token', unknown: 'unknown token', revoked: 'token revoked', expired: 'token expired', 'signed-out': 'signed out' }[check.reason];
    throw new SimlabError('UNAUTHORIZED', why, { details: { reason: check.reason } });
  }
  return { tokenId: check.record.id, name: check.record.name, role: check.record.role };
}
