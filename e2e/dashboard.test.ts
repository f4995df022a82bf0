import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import type { OutlineElement } from '../core/outline/snapshot.js';
import { launchChromium, signInPage, startDashboardLab, type DashboardLab } from './support/dashboard-lab.js';
import { ROOT, call, createToken, data, signInCookie, waitFor } from './support/lab.js';

/**
 * The dashboard in a real browser against a real lab: hub + dashboard on port 0, a worker process
 * with a headless web device (the demo app). One Chromium for the test (contexts per person);
 * the device is the second. Screenshots of the main pages go to artifacts/.
 */
const ARTIFACTS = join(ROOT, 'artifacts');

interface OutlineJsonData {
  snapshot: string;
  outline: { elements: OutlineElement[] };
}

describe('the dashboard in a browser', { concurrency: false }, () => {
  let lab: DashboardLab;
  let browser: Browser;
  let alice: string;
  let vera: string;
  let bot: string;
  let person: BrowserContext;
  let page: Page;

  const rest = <T>(method: string, path: string, token: string, body?: unknown) => call<T>(lab.url, method, path, token, body);
  const outlineText = async () => data(await rest<{ outline: string }>('GET', `/devices/${lab.deviceId}/outline`, lab.admin)).outline;
  const elements = async () => data(await rest<OutlineJsonData>('GET', `/devices/${lab.deviceId}/outline?format=json`, lab.admin)).outline.elements;
  const find = async (test: (e: OutlineElement) => boolean, what: string) =>
    waitFor(what, async () => (await elements()).find(test), 20_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: join(ARTIFACTS, `dashboard-${name}.png`) });

  const signIn = (context: BrowserContext, token: string, path?: string): Promise<Page> => signInPage(context, lab.url, token, path);

  /** Where a device point is on the page (the stream box scaled to the device's width). */
  async function onStream(p: Page, x: number, y: number): Promise<{ x: number; y: number; scale: number }> {
    const box = await p.locator('[data-testid=stream]').boundingBox();
    assert.ok(box);
    const scale = box.width / 390;
    return { x: box.x + x * scale, y: box.y + y * scale, scale };
  }

  async function logCommands(p: Page): Promise<string[]> {
    return p.locator('[data-testid=action]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-actor')}:${e.getAttribute('data-command')}`));
  }

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    lab = await startDashboardLab('dash');
    alice = await createToken(lab.url, lab.admin, 'alice', 'member');
    vera = await createToken(lab.url, lab.admin, 'vera', 'viewer');
    bot = await createToken(lab.url, lab.admin, 'bot', 'agent');
    browser = await launchChromium();
    person = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });

  after(async () => {
    await browser?.close();
    await lab?.close();
  });

  test('sign in, see the device live, take it, tap Settings on the stream: the outline shows settings and the log lists the tap', async () => {
    page = await signIn(person, alice);
    const card = page.locator('[data-testid=device-card]');
    await card.first().waitFor();
    assert.equal(await card.getAttribute('data-device'), lab.deviceId);
    assert.equal(await card.locator('[data-testid=device-state]').innerText(), 'available');
    await waitFor('a thumbnail frame', async () => Number(await card.locator('[data-testid=frame]').getAttribute('data-frames')) > 0);
    await shot(page, 'devices');

    await card.locator('[data-testid=take]').click();
    await page.waitForURL(/\/devices\//);
    await page.locator('[data-testid=holder]', { hasText: 'held by you' }).waitFor();
    await page.locator('[data-testid=outline-line]').first().waitFor({ timeout: 30_000 });
    const frame = page.locator('[data-testid=stream] canvas');
    await waitFor('a frame painted', async () => Number(await frame.getAttribute('data-frames')) > 0);
    const before = await frame.evaluate((c: HTMLCanvasElement) => c.toDataURL());

    const settings = await find((e) => e.role === 'Tab' && e.label === 'Settings', 'the Settings tab');
    const at = await onStream(page, settings.tap.x, settings.tap.y);
    await page.mouse.click(at.x, at.y);
    await waitFor('the device on the settings screen', async () => /Heading "Settings"/.test(await outlineText()));
    await page.locator('[data-testid=action][data-command=tap]').first().waitFor();
    assert.deepEqual(await logCommands(page), ['alice:tap']);
    assert.match(await page.locator('[data-testid=action]').first().innerText(), /ok/);
    await waitFor('the stream showing the new screen', async () => (await frame.evaluate((c: HTMLCanvasElement) => c.toDataURL())) !== before);
    await page.locator('[data-testid=outline-line]', { hasText: 'Heading "Settings"' }).waitFor();
    await shot(page, 'device');
  });

  test('hover an outline line: the highlight box is the element\'s frame; click it: selectors; tap from the inspector', async () => {
    const home = await find((e) => e.role === 'Tab' && e.label === 'Home', 'the Home tab');
    const line = page.locator('[data-testid=outline-line]', { hasText: 'Tab "Home"' });
    await line.hover();
    const box = await page.locator('[data-testid=highlight]').boundingBox();
    assert.ok(box, 'a highlight box on the stream');
    const origin = await onStream(page, home.frame.x, home.frame.y);
    assert.ok(Math.abs(box.x - origin.x) < 1.5 && Math.abs(box.y - origin.y) < 1.5, `box at ${box.x},${box.y}, frame at ${origin.x},${origin.y}`);
    assert.ok(Math.abs(box.width - home.frame.w * origin.scale) < 1.5 && Math.abs(box.height - home.frame.h * origin.scale) < 1.5);

    await line.click();
    const selectors = await page.locator('[data-testid=selector] code').allInnerTexts();
    assert.ok(selectors.includes('#tab-home'), `selectors: ${selectors.join(' ')}`);
    assert.ok(selectors.length >= 2 && selectors.every((s, i) => i === 0 || s.length >= (selectors[i - 1] as string).length), 'shortest first');
    assert.equal(await page.locator('[data-testid=inspector] [data-field=role]').innerText(), 'Tab');
    await page.locator('[data-testid=selector]', { hasText: '#tab-home' }).locator('[data-testid=selector-tap]').click();
    await waitFor('the device back home', async () => /Heading "Home"/.test(await outlineText()));
    await waitFor('the log lists the inspector tap', async () => (await logCommands(page)).length === 2);
    // The compact log names the element the selector hit.
    await waitFor('the inspector tap settled in the log', async () => /^tap Tab "Home"$/.test(await page.locator('[data-testid=action-summary]').first().innerText()));
  });

  test('an Alt-drag on the photo viewer zooms it (pinch mirrored around the viewer\'s centre, both fingers drawn)', async () => {
    const post = await find((e) => e.role === 'Image' && (e.label ?? '').startsWith('Photo by'), 'a post photo');
    const at = await onStream(page, post.tap.x, post.tap.y);
    await page.mouse.click(at.x, at.y);
    const viewer = await find((e) => /zoom 1\.0x/.test(e.label ?? ''), 'the photo viewer at zoom 1.0x');
    // The page picks the pinch centre from its own live outline: wait until it shows the viewer too.
    await page.locator('[data-testid=outline-line]', { hasText: 'zoom 1.0x' }).waitFor({ timeout: 20_000 });
    const start = await onStream(page, viewer.frame.x + viewer.frame.w / 2, viewer.frame.y + 40);
    await page.mouse.move(start.x, start.y);
    await page.keyboard.down('Alt');
    await page.mouse.down();
    // At a person's pace (a frame per step): a burst of moves on a busy machine can arrive as one jump.
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(start.x, start.y - i * 2 * start.scale);
      await page.waitForTimeout(16);
    }
    assert.equal(await page.locator('[data-testid=finger]').count(), 2, 'both fingers drawn on the stream');
    await page.mouse.up();
    await page.keyboard.up('Alt');
    const zoomed = await find((e) => /zoom (\d+\.\d)x/.test(e.label ?? '') && !/zoom 1\.0x/.test(e.label ?? ''), 'the viewer zoomed');
    const zoom = Number(/zoom (\d+\.\d)x/.exec(zoomed.label ?? '')?.[1]);
    assert.ok(zoom > 1, `zoom ${zoom}`);
    await waitFor('the perform in the log', async () => (await logCommands(page)).includes('alice:perform'));
    await shot(page, 'device-zoomed');
  });

  test('typing with the stream focused goes to the device as one type command', async () => {
    const search = await find((e) => e.role === 'Tab' && e.label === 'Search', 'the Search tab');
    const tab = await onStream(page, search.tap.x, search.tap.y);
    await page.mouse.click(tab.x, tab.y);
    const field = await find((e) => e.id === 'search-field', 'the search field');
    const at = await onStream(page, field.tap.x, field.tap.y);
    await page.mouse.click(at.x, at.y);
    await page.keyboard.type('ramen');
    await waitFor('the typed text in the field', async () => (await elements()).find((e) => e.id === 'search-field')?.value === 'ramen');
    await waitFor('one type command in the log', async () => (await logCommands(page)).includes('alice:type'));
    assert.equal(await page.locator('[data-testid=action][data-command=type] [data-testid=action-summary]').first().innerText(), 'type "ramen"');
  });

  test('a viewer watches live, cannot act (page or socket), sees who holds it; an agent over REST shows up live in the log', async () => {
    const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const watch = await signIn(viewerContext, vera, `/devices/${lab.deviceId}`);
      await watch.locator('[data-testid=holder]', { hasText: 'in use by alice' }).waitFor();
      assert.match(await watch.locator('[data-testid=blocked]').innerText(), /alice holds this device|can watch but not act/);
      assert.equal(await watch.locator('[data-testid=take]').count(), 0, 'a viewer is not offered Take');
      const frame = watch.locator('[data-testid=stream] canvas');
      await waitFor('frames for the viewer', async () => Number(await frame.getAttribute('data-frames')) > 0);
      const seen = (await logCommands(watch)).length;
      const box = await watch.locator('[data-testid=stream]').boundingBox();
      assert.ok(box);
      await watch.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

      // The person releases; an agent takes the device over REST and acts while both pages watch.
      await page.locator('[data-testid=release]').click();
      await watch.locator('[data-testid=holder]', { hasText: 'available' }).waitFor();
      const lease = data(await rest<{ id: string; sessionId: string }>('POST', '/leases', bot, { deviceId: lab.deviceId }));
      await watch.locator('[data-testid=holder]', { hasText: 'in use by bot' }).waitFor();
      const before = Number(await frame.getAttribute('data-frames'));
      assert.equal((await rest('POST', `/devices/${lab.deviceId}/tap`, bot, { target: '#tab-alerts' })).status, 200);
      await page.locator('[data-testid=action][data-actor=bot][data-command=tap]').waitFor();
      await watch.locator('[data-testid=action][data-actor=bot][data-command=tap]').waitFor();
      assert.equal((await logCommands(watch)).length, seen + 1, 'the viewer\'s click did nothing; the agent\'s tap arrived live');
      await waitFor('the viewer\'s stream updating', async () => Number(await frame.getAttribute('data-frames')) > before);
      await watch.locator('[data-testid=outline-line]', { hasText: 'Heading "Alerts"' }).waitFor({ timeout: 20_000 });
      await shot(watch, 'device-viewer');

      // The socket refuses a viewer's control message, whatever the page shows.
      const socket = io(`${lab.url}/ui`, { transports: ['websocket'], extraHeaders: { cookie: await signInCookie(lab.url, vera) } });
      try {
        const reply = await new Promise<{ ok: boolean; error?: { code: string } }>((resolve) =>
          socket.emit('control', { deviceId: lab.deviceId, command: 'tap', args: { target: '#tab-home' } }, resolve),
        );
        assert.equal(reply.ok, false);
        assert.equal(reply.error?.code, 'FORBIDDEN');
      } finally {
        socket.close();
      }

      // The help overlay lists the shortcuts.
      await watch.keyboard.press('?');
      assert.match(await watch.locator('[data-testid=help]').innerText(), /Alt \+ drag/);
      await watch.keyboard.press('Escape');
      assert.equal(await watch.locator('[data-testid=help]').count(), 0);

      // Admin pages are out of a viewer's reach.
      await watch.goto(`${lab.url}/tokens`);
      await watch.waitForURL(/\/\?denied=/);
      assert.equal(await watch.locator('nav a', { hasText: 'Tokens' }).count(), 0);
      assert.equal((await rest('DELETE', `/leases/${lease.id}`, bot)).status, 200);
    } finally {
      await viewerContext.close();
    }
  });

  test('the session replay shows a finished session\'s actions in order with their diffs, outlines before/after and thumbnails', async () => {
    const sessions = data(await rest<{ sessions: Array<{ id: string; actor: string; endedAt: string | null }> }>('GET', '/sessions', lab.admin)).sessions;
    const mine = sessions.find((s) => s.actor === 'alice' && s.endedAt);
    assert.ok(mine, 'alice\'s session ended when she released');
    await page.goto(`${lab.url}/sessions`);
    await page.locator(`[data-testid=session-row][data-session="${mine.id}"] a`).click();
    await page.waitForURL(/\/sessions\/.+/);
    const steps = page.locator('[data-testid=step]');
    await steps.first().waitFor();
    assert.deepEqual(await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-command'))), ['tap', 'tap', 'tap', 'perform', 'tap', 'tap', 'type']);
    assert.match(await page.locator('[data-testid=step-diff]').innerText(), /Heading "Settings"/);
    const before = await page.locator('[data-testid=step-outline-before]').innerText();
    assert.match(before, /^App: /);
    assert.doesNotMatch(before, /Heading "Settings"/);
    assert.match(await page.locator('[data-testid=step-outline-after]').innerText(), /Heading "Settings"/);
    const loaded = (img: HTMLImageElement) => img.decode().then(() => img.naturalWidth, () => 0);
    assert.ok((await page.locator('[data-testid=step-thumbnail]').evaluate(loaded)) > 0, 'the step\'s thumbnail loads');
    const thumbs = await page.locator('[data-testid=step] img.step-thumb').evaluateAll((imgs) => Promise.all(imgs.map((i) => (i as HTMLImageElement).decode().then(() => (i as HTMLImageElement).naturalWidth, () => 0))));
    assert.equal(thumbs.length, 7, 'every step has a thumbnail in the timeline');
    assert.ok(thumbs.every((w) => w > 0), `every timeline thumbnail loads (${thumbs.join(', ')})`);
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid=step-detail][data-step="1"]').waitFor();
    assert.match(await page.locator('[data-testid=step-diff]').innerText(), /Heading "Home"/);
    assert.match(await page.locator('[data-testid=step-outline-after]').innerText(), /Heading "Home"/);
    await shot(page, 'session-replay');
  });

  test('a dropped connection: the open page says so, reconnects by itself, resyncs and streams again', async () => {
    await page.goto(`${lab.url}/devices/${lab.deviceId}`);
    const frame = page.locator('[data-testid=stream] canvas');
    await waitFor('frames before the drop', async () => Number(await frame.getAttribute('data-frames')) > 0);
    // Closing the transports is what a network drop looks like to the page (a hub restart runs in a new process).
    for (const socket of (await lab.hub.io.of('/ui').fetchSockets()) as unknown as Array<{ conn: { close(): void } }>) socket.conn.close();
    await page.locator('[data-testid=link-banner]', { hasText: 'reconnecting' }).waitFor({ timeout: 15_000 });
    await page.locator('[data-testid=link-banner]', { hasText: 'Reconnected' }).waitFor({ timeout: 30_000 });
    const before = Number(await frame.getAttribute('data-frames'));
    const lease = data(await rest<{ id: string }>('POST', '/leases', bot, { deviceId: lab.deviceId }));
    await page.locator('[data-testid=holder]', { hasText: 'in use by bot' }).waitFor();
    const botTaps = () => page.locator('[data-testid=action][data-actor=bot][data-command=tap]').count();
    const tapsBefore = await botTaps();
    assert.equal((await rest('POST', `/devices/${lab.deviceId}/tap`, bot, { target: '#tab-search' })).status, 200);
    await waitFor('frames after the reconnect', async () => Number(await frame.getAttribute('data-frames')) > before);
    await waitFor('the new tap live in the log after the reconnect', async () => (await botTaps()) === tapsBefore + 1);
    assert.equal((await rest('DELETE', `/leases/${lease.id}`, bot)).status, 200);
  });

  test('tokens page (admin): create shown once, list, revoke; a revoked or expired token sends the user to sign-in', async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const tokens = await signIn(admin, lab.admin, '/tokens');
      await tokens.fill('[data-testid=token-form] input', 'temp-viewer');
      await tokens.selectOption('[data-testid=token-form] select >> nth=0', 'viewer');
      await tokens.click('[data-testid=token-form] button[type=submit]');
      const secret = await tokens.locator('[data-testid=new-token] code').innerText();
      assert.match(secret, /^slk_/);
      await tokens.locator('[data-testid=token-row][data-name=temp-viewer]').waitFor();
      await shot(tokens, 'tokens');

      const victim = await signIn(other, secret, `/devices/${lab.deviceId}`);
      await victim.locator('[data-testid=stream]').waitFor();
      tokens.once('dialog', (d) => void d.accept());
      await tokens.locator('[data-testid=token-row][data-name=temp-viewer] button').click();
      await victim.waitForURL(/\/signin\?reason=/, { timeout: 15_000 });
      await victim.goto(`${lab.url}/`);
      await victim.waitForURL(/\/signin\?reason=revoked/);

      // Long enough that signing in (a page load and a form) ends before the token expires on a
      // busy machine (1.5 s was not), then a wait until the hub's own expiry time has passed.
      const shortLived = data(await rest<{ token: string; expiresAt: string }>('POST', '/tokens', lab.admin, { name: 'short', role: 'viewer', expiresInMs: 5000 }));
      const soon = await signIn(other, shortLived.token, '/sessions');
      await new Promise((r) => setTimeout(r, Date.parse(shortLived.expiresAt) + 100 - Date.now()));
      await soon.goto(`${lab.url}/sessions`);
      await soon.waitForURL(/\/signin\?reason=expired/);
      assert.match(await soon.locator('[data-testid=signin-reason]').innerText(), /expired/);
    } finally {
      await other.close();
      await admin.close();
    }
  });
});
