import type { IncomingHttpHeaders } from 'node:http';
import { SimlabError } from '../../core/contract/index.js';
import { resolveActor } from '../auth/actor.js';
import { roleAtLeast, type UserRole } from '../auth/roles.js';
import type { TokenVerifier } from '../auth/tokens.js';

/** Pages only an admin may open, by path prefix. */
const ADMIN_PAGES = ['/tokens'];
/** Paths served to anyone: the sign-in page and the app's own static files. */
const PUBLIC_PREFIXES = ['/signin', '/_next/', '/favicon', '/icon.svg', '/auth/'];

export type GateDecision = { pass: true } | { pass: false; location: string };

function minRoleOf(path: string): UserRole {
  return ADMIN_PAGES.some((p) => path === p || path.startsWith(`${p}/`)) ? 'admin' : 'viewer';
}

/**
 * Whether a page request may reach the dashboard: without a valid session it goes to sign-in
 * (saying why, and where to return), and a page above the session's role goes back to the devices.
 */
export async function gatePage(path: string, search: string, headers: IncomingHttpHeaders, verifier: TokenVerifier, address: string | undefined): Promise<GateDecision> {
  if (PUBLIC_PREFIXES.some((p) => path === p || path.startsWith(p))) return { pass: true };
  let role;
  try {
    role = (await resolveActor(headers, verifier, address)).role;
  } catch (err) {
    const reason = !(err instanceof SimlabError) ? 'signed-out' : err.code === 'RATE_LIMITED' ? 'rate-limited' : String(err.options.details?.reason ?? 'signed-out');
    return { pass: false, location: `/signin?reason=${encodeURIComponent(reason)}&next=${encodeURIComponent(path + search)}` };
  }
  if (!roleAtLeast(role, minRoleOf(path))) return { pass: false, location: `/?denied=${encodeURIComponent(path)}` };
  return { pass: true };
}
