import type { IncomingMessage, ServerResponse } from 'node:http';
import { fail, failFrom, httpStatusOf, ok, type Envelope } from '../../core/contract/index.js';
import { SESSION_COOKIE, sessionCookieOf } from '../auth/actor.js';
import { isUserRole } from '../auth/roles.js';
import { allowedOriginsFromEnv, originAllowed } from '../auth/origin.js';
import type { TokenVerifier } from '../auth/tokens.js';

/** A cookie outlives its session by this much, so the page can say the session expired (the hub refuses the session itself). */
const EXPIRED_GRACE_S = 3_600;
const MAX_BODY = 8 * 1024;

function send(res: ServerResponse, envelope: Envelope, status: number, cookie?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (cookie) headers['set-cookie'] = cookie;
  res.writeHead(status, headers);
  res.end(JSON.stringify(envelope));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) reject(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function tokenOf(body: string, contentType: string): string | null {
  if (contentType.includes('application/json')) {
    const parsed = JSON.parse(body) as { token?: unknown };
    return typeof parsed.token === 'string' ? parsed.token.trim() : null;
  }
  return new URLSearchParams(body).get('token')?.trim() ?? null;
}

function cookie(value: string, maxAgeS: number): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}`;
}

/**
 * POST /auth/signin {token}: checks the token, opens a web session (12 h at most, never past the
 * token's expiry) and answers with an HttpOnly, SameSite=Strict cookie holding the session's
 * secret, never the token (the REST API and the /ui namespace read the same cookie).
 * POST /auth/signout ends the session on the hub and clears the cookie. Worker tokens cannot sign in.
 */
export async function handleSessionRoute(req: IncomingMessage, res: ServerResponse, path: string, verifier: TokenVerifier): Promise<boolean> {
  if ((path === '/auth/signin' || path === '/auth/signout') && !originAllowed(req.headers, allowedOriginsFromEnv())) {
    // Login CSRF: another site must not sign a person in (or out) with a token of its choosing.
    send(res, fail(path === '/auth/signin' ? 'signin' : 'signout', 'FORBIDDEN', 'sign in from the hub\'s own page'), 403);
    return true;
  }
  if (path === '/auth/signout') {
    if (req.method !== 'POST') return send(res, fail('signout', 'INVALID_ARGS', 'use POST'), 405), true;
    const session = sessionCookieOf(req.headers);
    if (session) await verifier.sessions.end(session);
    send(res, ok('signout', { signedOut: true }), 200, cookie('', 0));
    return true;
  }
  if (path !== '/auth/signin') return false;
  if (req.method !== 'POST') return send(res, fail('signin', 'INVALID_ARGS', 'use POST'), 405), true;
  let token: string | null;
  try {
    token = tokenOf(await readBody(req), String(req.headers['content-type'] ?? ''));
  } catch {
    send(res, fail('signin', 'INVALID_ARGS', 'send {"token": "..."} as JSON'), 400);
    return true;
  }
  if (!token) {
    send(res, fail('signin', 'INVALID_ARGS', 'a token is required'), 400);
    return true;
  }
  let check;
  try {
    check = await verifier.checkFrom(req.socket.remoteAddress, token);
  } catch (err) {
    const envelope = failFrom('signin', err);
    send(res, envelope, envelope.ok ? 200 : httpStatusOf(envelope.error.code));
    return true;
  }
  if (!check.ok) {
    const why = { malformed: 'that is not a simlab token', unknown: 'unknown token', revoked: 'this token was revoked', expired: 'this token has expired', 'signed-out': 'signed out' }[check.reason];
    send(res, fail('signin', 'UNAUTHORIZED', why, { details: { reason: check.reason } }), 401);
    return true;
  }
  if (!isUserRole(check.record.role)) {
    send(res, fail('signin', 'FORBIDDEN', 'a worker token cannot sign in to the dashboard'), 403);
    return true;
  }
  const session = await verifier.sessions.open(check.record);
  const maxAgeS = Math.max(1, Math.floor((session.expiresAt - Date.now()) / 1000) + EXPIRED_GRACE_S);
  send(res, ok('signin', { name: check.record.name, role: check.record.role, sessionExpiresAt: new Date(session.expiresAt).toISOString() }), 200, cookie(session.value, maxAgeS));
  return true;
}
