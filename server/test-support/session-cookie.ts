import { SESSION_COOKIE } from '../auth/actor.js';
import type { TokenVerifier } from '../auth/tokens.js';

/** A dashboard cookie for a token, as /auth/signin would set it (for hubs started without the dashboard). */
export async function sessionCookieFor(verifier: TokenVerifier, token: string): Promise<string> {
  const check = await verifier.check(token);
  if (!check.ok) throw new Error(`cannot open a session: the token is ${check.reason}`);
  return `${SESSION_COOKIE}=${(await verifier.sessions.open(check.record)).value}`;
}
