import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import { WORKER_NAMESPACE } from '../core/wire/worker-protocol.js';
import { launchChromium, startDashboardLab, type DashboardLab } from './support/dashboard-lab.js';
import { call, createToken, data, isAlive, waitFor } from './support/lab.js';

/**
 * Issue 18's attacks, end to end against a real lab: the hub with its dashboard, a worker
 * process with a headless web device (the demo app), and one Chromium for the browser attack.
 */
interface Device {
  state: 'online' | 'offline';
  lease: { leaseId: string } | null;
}
interface Lease {
  id: string;
  sessionId: string;
}

describe('security: the attacks of issue 18 against a running lab', { concurrency: false }, () => {
  let lab: DashboardLab;
  let agent: string;
  let agentId: string;
  const device = async (): Promise<Device> => data(await call<Device>(lab.url, 'GET', `/devices/${lab.deviceId}`, lab.admin));
  const act = (token: string, command: string, args: unknown, headers: Record<string, string> = {}) => call(lab.url, 'POST', `/devices/${lab.deviceId}/${command}`, token, args, headers);
  const outline = async (token: string) => data(await call<{ outline: string }>(lab.url, 'GET', `/devices/${lab.deviceId}/outline`, token)).outline;

  before(async () => {
    lab = await startDashboardLab('sec');
    const made = data(await call<{ token: string; id: string }>(lab.url, 'POST', '/tokens', lab.admin, { name: 'bot', role: 'agent' }));
    agent = made.token;
    agentId = made.id;
    assert.equal((await call(lab.url, 'POST', '/leases', agent, { deviceId: lab.deviceId })).status, 200);
  });
  after(async () => {
    await lab?.close();
  });

  test('item 1: no file:, browser-internal or worker-host page opens; the outline never shows the host\'s files', async () => {
    for (const url of ['file:///etc/passwd', 'file:///etc/', 'view-source:file:///etc/passwd', 'javascript:alert(1)', 'chrome://version', 'data:text/html,<h1>x</h1>']) {
      const opened = await act(agent, 'web/open', { url });
      assert.equal(opened.status, 400, `${url} -> ${opened.status} ${JSON.stringify(opened.envelope)}`);
      assert.equal(opened.envelope.ok ? '' : opened.envelope.error.code, 'INVALID_ARGS');
    }
    // The worker's own host (the hub here runs on it) is out of reach unless SIMLAB_WEB_ALLOW names it.
    const host = await act(agent, 'web/open', { url: `${lab.url}/api/v1/tokens` });
    assert.equal(host.status, 403, JSON.stringify(host.envelope));
    const text = await outline(agent);
    assert.ok(!/root:x:0|passwd|Index of/.test(text), 'the device still shows the demo app');
    assert.ok(!text.includes(lab.admin), 'and nothing of the hub');
  });

  test('item 2: an oversized gesture is refused, an overrunning one is cut at its deadline; the device stays online and answers the next command', async () => {
    for (const [command, args] of [
      ['scroll-by', { dy: 1e12 }],
      ['scroll-by', { dy: 'Infinity' }],
      ['swipe', { from: { x: 10, y: 10 }, dx: 0, dy: 1e9 }],
      ['long-press', { target: { x: 100, y: 100 }, ms: 1e12 }],
      ['perform', { fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 0 }, { x: 1, y: 2, t: 1e12 }] }] }],
    ] as const) {
      const answer = await act(agent, command, args);
      assert.equal(answer.status, 400, `${command} ${JSON.stringify(args)} -> ${answer.status}`);
    }
    // Within the bounds but far longer than its deadline: the answer comes at the deadline and the work stops there.
    const overrun = await act(agent, 'scroll-by', { dy: 10_000 }, { 'x-simlab-deadline-ms': '1500' });
    assert.ok(overrun.status === 200 || overrun.status === 504, `overrun -> ${overrun.status}`);
    assert.equal((await device()).state, 'online');
    assert.ok(isAlive(lab.worker.pid), 'the worker process is still there');
    const next = await act(agent, 'tap', { target: '#tab-settings' }, { 'x-simlab-deadline-ms': '10000' });
    assert.equal(next.status, 200, `the next command answers within its own deadline: ${JSON.stringify(next.envelope)}`);
    assert.equal((await act(agent, 'tap', { target: '#tab-home' })).status, 200);
  });

  test('item 4: a second worker token cannot take the device over; commands still reach the real one', async () => {
    const impostorToken = await createToken(lab.url, lab.admin, 'impostor', 'worker');
    const socket = io(lab.url + WORKER_NAMESPACE, { auth: { token: impostorToken }, transports: ['websocket'], reconnection: false });
    const heard: unknown[] = [];
    socket.on('command', (m: unknown) => heard.push(m));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const descriptor = { id: lab.deviceId, platform: 'web', name: 'fake', screen: { width: 390, height: 844, scale: 1 }, capabilities: {} };
      const ack = await new Promise<{ ok: boolean; error?: string }>((resolve) =>
        socket.emit('register', { workerId: 'evil', host: 'evil', version: 'x', devices: [descriptor] }, resolve),
      );
      assert.equal(ack.ok, false, `the impostor is refused: ${JSON.stringify(ack)}`);
      assert.equal((await act(agent, 'tap', { target: '#tab-settings' })).status, 200);
      const typed = await act(agent, 'type', { text: 'hunter2', target: '#display-name' });
      assert.equal(typed.status, 200, JSON.stringify(typed.envelope));
      assert.equal(heard.length, 0, 'the impostor heard no command');
    } finally {
      socket.close();
    }
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await device()).state, 'online', 'the real device stays online after the impostor leaves');
    assert.match(await outline(agent), /hunter2/, 'the real device got the text');
  });

  test('item 5: a page on another port, in real Chromium, can neither open /ui nor act with the signed-in person\'s cookie', async () => {
    const person = await createToken(lab.url, lab.admin, 'mallorys-victim', 'member');
    const personId = data(await call<{ tokenId: string }>(lab.url, 'GET', '/me', person)).tokenId;
    assert.equal((await call(lab.url, 'DELETE', `/leases/${(await device()).lease?.leaseId}`, agent)).status, 200);
    const lease = data(await call<Lease>(lab.url, 'POST', '/leases', person, { deviceId: lab.deviceId }));
    const evil: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    const browser: Browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${lab.url}/signin`);
      const signedIn = await page.evaluate(async (token) => {
        const res = await fetch('/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
        return res.status;
      }, person);
      assert.equal(signedIn, 200, 'the person signs in on the hub');

      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      const attack = await page.evaluate(
        async ({ hub, deviceId }) => {
          const ui = await new Promise<string>((resolve) => {
            const ws = new WebSocket(`${hub.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
            ws.onmessage = (m) => {
              const text = String(m.data);
              if (text.startsWith('0')) ws.send('40/ui,');
              else if (text.startsWith('40/ui,')) resolve('connected');
              else if (text.startsWith('44/ui,')) resolve(`refused ${text}`);
            };
            ws.onclose = () => resolve('closed');
            setTimeout(() => resolve('no answer'), 5000);
          });
          await fetch(`${hub}/api/v1/devices/${deviceId}/two-finger-tap`, { method: 'POST', mode: 'no-cors', credentials: 'include' });
          return { ui };
        },
        { hub: lab.url, deviceId: lab.deviceId },
      );
      assert.match(attack.ui, /^refused .*FORBIDDEN/, `the /ui socket from another origin: ${attack.ui}`);
      const actions = data(await call<{ actions: Array<{ command: string }> }>(lab.url, 'GET', `/sessions/${lease.sessionId}/actions`, lab.admin)).actions;
      assert.deepEqual(actions.map((a) => a.command), [], 'the cross-origin post ran nothing as the person');

      // The hub's own page, with the same cookie, does act: the refusal is by origin, not a broken session.
      await page.goto(`${lab.url}/signin`);
      const own = await page.evaluate(async (deviceId) => (await fetch(`/api/v1/devices/${deviceId}/two-finger-tap`, { method: 'POST' })).status, lab.deviceId);
      assert.equal(own, 200);

      // Revoking the person's token cuts the open dashboard at once and ends the lease.
      const dashboard = await context.newPage();
      await dashboard.goto(`${lab.url}/devices/${lab.deviceId}`);
      await dashboard.locator('[data-testid=stream]').waitFor({ timeout: 30_000 });
      assert.equal((await call(lab.url, 'DELETE', `/tokens/${personId}`, lab.admin)).status, 200);
      await dashboard.waitForURL(/\/signin\?reason=/, { timeout: 10_000 });
      assert.equal((await device()).lease, null, 'the revoked person\'s lease ended');
      const after = await page.evaluate(async () => (await fetch('/api/v1/me')).status);
      assert.equal(after, 401, 'its session cookie opens nothing any more');
    } finally {
      await browser.close();
      await new Promise((r) => evil.close(r));
    }
  });

  test('items 4 and 6: revoked agent and worker tokens are cut off at once', async () => {
    assert.equal((await call(lab.url, 'POST', '/leases', agent, { deviceId: lab.deviceId })).status, 200);
    assert.equal((await call(lab.url, 'DELETE', `/tokens/${agentId}`, lab.admin)).status, 200);
    assert.equal((await act(agent, 'tap', { target: '#tab-home' })).status, 401);
    assert.equal((await device()).lease, null, 'the revoked agent\'s lease ended with it');

    const workers = data(await call<{ tokens: Array<{ id: string; name: string }> }>(lab.url, 'GET', '/tokens', lab.admin)).tokens;
    const workerTokenId = workers.find((w) => w.name === 'sec-worker')?.id as string;
    assert.equal((await call(lab.url, 'DELETE', `/tokens/${workerTokenId}`, lab.admin)).status, 200);
    await waitFor('the revoked worker\'s device offline', async () => (await device()).state === 'offline', 3000);
  });
});
