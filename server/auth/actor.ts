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

/** The cookie the dashboard will carry the same token in (HttpOnly, set by a login route later). */
export const TOKEN_COOKIE = 'simlab_token';

function bearerOf(headers: IncomingHttpHeaders): string | null {
  const auth = headers.authorization;
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return m ? (m[1] ?? null) : '';
  }
  const cookie = headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === TOKEN_COOKIE) {
      // A malformed cookie is a bad token (401), not a server error.
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
 * The actor behind a request's headers (Authorization: Bearer, else the token cookie), for REST
 * and for Socket.IO handshakes alike. Throws UNAUTHORIZED with the reason, or RATE_LIMITED
 * when the client address failed too often lately.
 */
export async function resolveActor(headers: IncomingHttpHeaders, verifier: TokenVerifier, address: string | undefined): Promise<Actor> {
  const token = bearerOf(headers);
  if (token === null) {
    throw new SimlabError('UNAUTHORIZED', 'no token: send Authorization: Bearer <token>', {
      hint: 'create a token with an admin token: POST /api/v1/tokens',
    });
  }
  const check = await verifier.checkFrom(address, token);
  if (!check.ok) {
    const why = { malformed: 'malformed token', unknown: 'unknown token', revoked: 'token revoked', expired: 'token expired' }[check.reason];
    throw new SimlabError('UNAUTHORIZED', why, { details: { reason: check.reason } });
  }
  return { tokenId: check.record.id, name: check.record.name, role: check.record.role };
}
