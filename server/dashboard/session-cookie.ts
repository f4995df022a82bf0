import type { IncomingMessage, ServerResponse } from 'node:http';
import { fail, failFrom, httpStatusOf, ok, type Envelope } from '../../core/contract/index.js';
import { TOKEN_COOKIE } from '../auth/actor.js';
import { isUserRole } from '../auth/roles.js';
import { allowedOriginsFromEnv, originAllowed } from '../auth/origin.js';
import type { TokenVerifier } from '../auth/tokens.js';

/** The longest a session cookie lives when its token never expires. */
const MAX_SESSION_S = 30 * 86_400;
/** A cookie outlives its token by this much, so the page can say the session expired (the hub refuses the token itself). */
const EXPIRED_GRACE_S = 86_400;
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
  return `${TOKEN_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}`;
}

/**
 * POST /auth/signin {token}: checks the token and answers with an HttpOnly, SameSite=Strict
 * cookie holding it (the REST API and the /ui namespace read the same cookie). POST /auth/signout clears it. Worker tokens cannot sign in.
 */
export async function handleSessionRoute(req: IncomingMessage, res: ServerResponse, path: string, verifier: TokenVerifier): Promise<boolean> {
  if ((path === '/auth/signin' || path === '/auth/signout') && !originAllowed(req.headers, allowedOriginsFromEnv())) {
    // Login CSRF: another site must not sign a person in (or out) with a token of its choosing.
    send(res, fail(path === '/auth/signin' ? 'signin' : 'signout', 'FORBIDDEN', 'sign in from the hub\'s own page'), 403);
    return true;
  }
  if (path === '/auth/signout') {
    if (req.method !== 'POST') return send(res, fail('signout', 'INVALID_ARGS', 'use POST'), 405), true;
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
    const why = { malformed: 'that is not a simlab token', unknown: 'unknown token', revoked: 'this token was revoked', expired: 'this token has expired' }[check.reason];
    send(res, fail('signin', 'UNAUTHORIZED', why, { details: { reason: check.reason } }), 401);
    return true;
  }
  if (!isUserRole(check.record.role)) {
    send(res, fail('signin', 'FORBIDDEN', 'a worker token cannot sign in to the dashboard'), 403);
    return true;
  }
  const left = check.record.expiresAt === null ? MAX_SESSION_S : Math.floor((check.record.expiresAt - Date.now()) / 1000) + EXPIRED_GRACE_S;
  send(res, ok('signin', { name: check.record.name, role: check.record.role }), 200, cookie(token, Math.max(1, Math.min(MAX_SESSION_S, left))));
  return true;
}
