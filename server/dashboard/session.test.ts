import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AuthFailures } from '../auth/auth-failures.js';
import { TokenVerifier, issueToken } from '../auth/tokens.js';
import { WEB_SESSION_MS, WebSessions } from '../auth/web-sessions.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { gatePage } from './page-gate.js';
import { handleSessionRoute } from './session-cookie.js';

/** The cookie session and the page gate over real HTTP, in front of a stand-in page. */
async function serve(t: { after: (fn: () => Promise<void>) => void }, failures = new AuthFailures()) {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-dash-'));
  const store = new SqliteStore(join(dir, 's.db'));
  const verifier = new TokenVerifier(store, failures);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    void (async () => {
      if (await handleSessionRoute(req, res, url.pathname, verifier)) return;
      const gate = await gatePage(url.pathname, url.search, req.headers, verifier, req.socket.remoteAddress);
      if (!gate.pass) {
        res.writeHead(302, { location: gate.location });
        return res.end();
      }
      res.end('page');
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(async () => {
    await new Promise((r) => server.close(r));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signIn = (token: string) => fetch(`${base}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  const get = (path: string, cookie?: string) => fetch(`${base}${path}`, { redirect: 'manual', ...(cookie ? { headers: { cookie } } : {}) });
  return { store, signIn, get, base };
}

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] as string;

test('sign-in sets an HttpOnly SameSite=Strict cookie that opens pages; sign-out clears it', async (t) => {
  const { store, signIn, get } = await serve(t);
  const { token } = await issueToken(store, 'alice', 'member', null);
  const res = await signIn(token);
  assert.equal(res.status, 200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  assert.match(setCookie, /^simlab_session=sls_/);
  assert.match(setCookie, /HttpOnly/);
  assert.match(setCookie, /SameSite=Strict/);
  assert.equal((await get('/', cookieOf(res))).status, 200);
  const out = await fetch(res.url.replace('/auth/signin', '/auth/signout'), { method: 'POST' });
  assert.match(out.headers.get('set-cookie') ?? '', /simlab_session=; .*Max-Age=0/);
});

// Issue 18, item 6: the cookie held the raw API token for 30 days.
test('the cookie holds a 12-hour session secret, never the token; the store keeps only its hash; sign-out and revocation end it on the hub', async (t) => {
  const { store, signIn, get, base } = await serve(t);
  const alice = await issueToken(store, 'alice', 'member', null);
  const res = await signIn(alice.token);
  const setCookie = res.headers.get('set-cookie') ?? '';
  // The secret is all after the id: base64url may hold '_' itself (a fragment of it can match anything).
  const secret = alice.token.split('_').slice(2).join('_');
  assert.ok(!setCookie.includes(secret) && !decodeURIComponent(setCookie).includes(alice.token), 'the token is not in the cookie');
  const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
  assert.ok(maxAge <= 13 * 3600, `the cookie lives ${maxAge} s, not 30 days`);
  const cookie = cookieOf(res);
  const [, id, sessionSecret] = /^simlab_session=sls_([0-9a-f]{16})_(.+)$/.exec(cookie) as unknown as [string, string, string];
  const row = await store.getWebSession(id);
  assert.ok(row && row.expiresAt - row.createdAt <= 12 * 3_600_000);
  assert.ok(!row.hash.includes(sessionSecret), 'the store holds a hash, not the secret');

  // Sign-out ends the session on the hub: the same cookie, replayed, opens nothing.
  assert.equal((await fetch(`${base}/auth/signout`, { method: 'POST', headers: { cookie } })).status, 200);
  const replayed = await get('/', cookie);
  assert.equal(replayed.status, 302);
  assert.match(replayed.headers.get('location') ?? '', /reason=signed-out/);

  // Revoking the token ends every session it has.
  const second = cookieOf(await signIn(alice.token));
  const third = cookieOf(await signIn(alice.token));
  assert.equal((await get('/', second)).status, 200);
  const verifier = new TokenVerifier(store);
  assert.equal(await verifier.sessions.endAllOf(alice.record.id), 2);
  for (const c of [second, third]) assert.equal((await get('/', c)).status, 302);
  await store.revokeToken(alice.record.id, Date.now());
  assert.match((await get('/', second)).headers.get('location') ?? '', /reason=revoked/, 'a session its token\'s revocation ended says so');

  // A session ends after 12 hours, and never outlives its token.
  const sessions = new WebSessions(store);
  const carol = await issueToken(store, 'carol', 'member', null);
  const old = await sessions.open(carol.record, Date.now() - WEB_SESSION_MS - 1);
  assert.match((await get('/', `simlab_session=${old.value}`)).headers.get('location') ?? '', /reason=expired/);
  const brief = await issueToken(store, 'brief', 'viewer', Date.now() + 60_000);
  const opened = await sessions.open(brief.record);
  assert.equal(opened.expiresAt, brief.record.expiresAt);
});

test('bad tokens are refused with the reason; a worker token cannot sign in', async (t) => {
  const { store, signIn } = await serve(t);
  const unknown = await signIn('slk_0000000000000000_nope');
  assert.equal(unknown.status, 401);
  assert.equal(((await unknown.json()) as { error: { code: string } }).error.code, 'UNAUTHORIZED');
  assert.equal((await signIn('not a token')).status, 401);
  const { token } = await issueToken(store, 'w', 'worker', null);
  assert.equal((await signIn(token)).status, 403);
  const empty = await signIn('');
  assert.equal(empty.status, 400);
});

test('sign-in accepts only same-origin posts (login CSRF, issue 18 item 5)', async (t) => {
  const { store, base } = await serve(t);
  const { token } = await issueToken(store, 'mallory', 'member', null);
  const post = (headers: Record<string, string>) =>
    fetch(`${base}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: `token=${token}` });
  const forged = await post({ origin: base.replace(/:\d+$/, ':1') });
  assert.equal(forged.status, 403);
  assert.equal(forged.headers.get('set-cookie'), null, 'no session was set');
  assert.equal((await post({ 'sec-fetch-site': 'cross-site' })).status, 403);
  assert.equal((await post({ origin: base })).status, 200);
});

test('pages without a valid session go to sign-in with the reason; admin pages need the admin role', async (t) => {
  const { store, get, signIn } = await serve(t);
  const none = await get('/devices/x?y=1');
  assert.equal(none.status, 302);
  assert.equal(none.headers.get('location'), `/signin?reason=signed-out&next=${encodeURIComponent('/devices/x?y=1')}`);
  assert.equal((await get('/signin')).status, 200, 'the sign-in page itself is open');

  const viewer = await issueToken(store, 'vera', 'viewer', null);
  assert.equal((await get('/', `simlab_session=${viewer.token}`)).status, 302, 'a raw token in the cookie is no session');
  const cookie = cookieOf(await signIn(viewer.token));
  assert.equal((await get('/', cookie)).status, 200);
  const admin = await get('/tokens', cookie);
  assert.equal(admin.status, 302);
  assert.match(admin.headers.get('location') ?? '', /^\/\?denied=/);

  await store.revokeToken(viewer.record.id, Date.now());
  assert.match((await get('/', cookie)).headers.get('location') ?? '', /^\/signin\?reason=revoked/);
  const expired = await issueToken(store, 'old', 'viewer', Date.now() - 1);
  const session = await new WebSessions(store).open(expired.record, Date.now() - 60_000);
  assert.match((await get('/', `simlab_session=${session.value}`)).headers.get('location') ?? '', /^\/signin\?reason=expired/);
});

test('guessing tokens at sign-in is refused by address (429) before the token is checked (issue 18, item 6)', async (t) => {
  const { store, signIn, get } = await serve(t, new AuthFailures({ max: 3, windowMs: 60_000 }));
  const { token } = await issueToken(store, 'alice', 'member', null);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await signIn(`slk_${String(i).padStart(16, '0')}_${'B'.repeat(43)}`)).status);
  assert.deepEqual(statuses, [401, 401, 401, 429]);
  const real = await signIn(token);
  assert.equal(real.status, 429);
  assert.equal(((await real.json()) as { error: { code: string } }).error.code, 'RATE_LIMITED');
  assert.equal(real.headers.get('set-cookie'), null);
  const page = await get('/devices', 'simlab_session=sls_0000000000000000_' + 'D'.repeat(43));
  assert.match(page.headers.get('location') ?? '', /^\/signin\?reason=rate-limited/, 'a page says why instead of "signed out"');
});
