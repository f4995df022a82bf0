import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OutlineElement } from '../core/outline/snapshot.js';
import { launchChromium, signInPage, startDashboardLab, type DashboardLab } from './support/dashboard-lab.js';
import { call, createToken, data, waitFor } from './support/lab.js';

/**
 * The device page as a person uses it, in a real Chromium against a real lab (one lab, one
 * browser, checks in order): what the stream shows after an action, what the inspector keeps
 * selected, which keys reach the device, who holds the device, and that the status line, the
 * log and the inspector agree with the device.
 */
describe('the device page', { concurrency: false }, () => {
  let lab: DashboardLab;
  let browser: Browser;
  let alice: string;
  let person: BrowserContext;
  let page: Page;

  const rest = <T>(method: string, path: string, token: string, body?: unknown) => call<T>(lab.url, method, path, token, body);
  const elements = async () =>
    data(await rest<{ outline: { elements: OutlineElement[] } }>('GET', `/devices/${lab.deviceId}/outline?format=json`, lab.admin)).outline.elements;
  const find = (test: (e: OutlineElement) => boolean, what: string) => waitFor(what, async () => (await elements()).find(test), 20_000);
  const actionCount = () => page.locator('[data-testid=action]').count();
  const frame = () => page.locator('[data-testid=stream] canvas');

  const signIn = (context: BrowserContext, token: string, path?: string): Promise<Page> => signInPage(context, lab.url, token, path);

  /** Clicks a device point on the stream (the stream box scaled to the device's width). */
  async function tapOnStream(x: number, y: number): Promise<void> {
    const box = await page.locator('[data-testid=stream]').boundingBox();
    assert.ok(box);
    const scale = box.width / 390;
    await page.mouse.click(box.x + x * scale, box.y + y * scale);
  }

  /** Selects an element in the inspector through its outline line. */
  async function inspect(text: string): Promise<void> {
    await page.locator('[data-testid=outline-line]', { hasText: text }).first().click();
    await page.locator('[data-testid=inspector]').waitFor();
  }

  const settled = async (count: number) => {
    await waitFor(`${count} actions finished in the log`, async () => (await actionCount()) === count && (await page.locator('[data-testid=action].pending').count()) === 0);
  };

  before(async () => {
    lab = await startDashboardLab('page');
    alice = await createToken(lab.url, lab.admin, 'alice', 'member');
    browser = await launchChromium();
    person = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    await lab?.close();
  });

  test('a device held by another client of the same token: the card says so and offers an explicit take over', async () => {
    const other = data(await rest<{ id: string }>('POST', '/leases', alice, { deviceId: lab.deviceId }));
    page = await signIn(person, alice);
    const card = page.locator('[data-testid=device-card]').first();
    await card.locator('[data-testid=device-state]', { hasText: 'another client' }).waitFor();
    assert.match(await card.locator('[data-testid=device-state]').innerText(), /alice/);
    assert.equal(await card.locator('[data-testid=queue]').count(), 0, 'no Join queue for one\'s own lease');
    page.once('dialog', (d) => void d.accept());
    await card.locator('[data-testid=takeover]').click();
    await page.waitForURL(/\/devices\//);
    await page.locator('[data-testid=holder]', { hasText: 'held by you' }).waitFor();
    const leases = data(await rest<{ leases: Array<{ id: string; deviceId: string }> }>('GET', '/leases', lab.admin)).leases.filter((l) => l.deviceId === lab.deviceId);
    assert.equal(leases.length, 1);
    assert.notEqual(leases[0]?.id, other.id, 'the other client\'s lease ended; this page holds a new one');
  });

  test('the inspector shows a switch\'s state as the outline does', async () => {
    await page.goto(`${lab.url}/devices/${lab.deviceId}`);
    await page.locator('[data-testid=outline-line]').first().waitFor({ timeout: 30_000 });
    const settings = await find((e) => e.role === 'Tab' && e.label === 'Settings', 'the Settings tab');
    await tapOnStream(settings.tap.x, settings.tap.y);
    await page.locator('[data-testid=outline-line]', { hasText: 'Switch "Dark mode"' }).waitFor({ timeout: 20_000 });
    assert.match(await page.locator('[data-testid=outline-line]', { hasText: 'Switch "Dark mode"' }).innerText(), /unchecked/);
    await inspect('Switch "Dark mode"');
    assert.equal(await page.locator('[data-testid=inspector] [data-field=states]').innerText(), 'unchecked');
  });

  test('a Tap from the inspector on a screen that does not change leaves the stream at full size', async () => {
    await waitFor('frames painted', async () => Number(await frame().getAttribute('data-frames')) > 0);
    const width = await frame().evaluate((c: HTMLCanvasElement) => c.width);
    await inspect('Button "Save"');
    const tapSave = page.locator('[data-testid=selector-tap]').first();
    const count = await actionCount();
    await tapSave.click();
    await settled(count + 1);
    // The second Save leaves the screen as it was: no later frame would repair a shrunken one.
    await tapSave.click();
    await settled(count + 2);
    await page.waitForTimeout(1500);
    assert.equal(await frame().evaluate((c: HTMLCanvasElement) => c.width), width, 'the stream keeps its frame size');
  });

  test('the inspector keeps its element by identity and marks it gone when the screen no longer has it', async () => {
    await inspect('TextField "Display name"');
    assert.equal(await page.locator('[data-testid=inspector] [data-field=role]').innerText(), 'TextField');
    const home = await find((e) => e.role === 'Tab' && e.label === 'Home', 'the Home tab');
    await tapOnStream(home.tap.x, home.tap.y);
    await page.locator('[data-testid=outline-line]', { hasText: 'Heading "Home"' }).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid=inspector][data-gone]').waitFor();
    assert.equal(await page.locator('[data-testid=inspector] [data-field=role]').innerText(), 'TextField');
    assert.equal(await page.locator('[data-testid=inspector] [data-field=label]').innerText(), 'Display name');
    const taps = page.locator('[data-testid=selector-tap]');
    for (let i = 0; i < (await taps.count()); i++) assert.ok(await taps.nth(i).isDisabled(), 'no Tap on an element that is gone');
  });

  test('keys at the stream: only keys the device supports are sent, and ? opens the help', async () => {
    const count = await actionCount();
    await page.locator('[data-testid=stream]').focus();
    for (const key of ['End', 'Home', 'PageUp', 'PageDown', 'Delete']) await page.keyboard.press(key);
    await page.keyboard.press('?');
    await page.locator('[data-testid=help]').waitFor({ timeout: 5000 });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1000);
    assert.equal(await actionCount(), count, 'nothing was sent to the device');
    assert.doesNotMatch((await page.locator('[data-testid=control-status]').allInnerTexts()).join(' '), /INVALID_ARGS/);
  });

  test('the status line says a command is done only when the log does', async () => {
    // A string: the page must not see the test runner's compiled helpers.
    await page.evaluate(`(() => {
      window.__disagree = [];
      new MutationObserver(() => {
        const status = document.querySelector('[data-testid=control-status]')?.textContent ?? '';
        const newest = document.querySelector('[data-testid=action]');
        if (/: ok$/.test(status) && newest?.classList.contains('pending')) window.__disagree.push(status + ' / ' + newest.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`);
    const count = await actionCount();
    const box = await page.locator('[data-testid=stream]').boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Two wheel bursts: the second is sent while the first is still settling.
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(400);
    await page.mouse.wheel(0, -200);
    await settled(count + 2);
    // On a busy machine a scroll may end in TIMEOUT: the status line must then say what the log says.
    const status = await waitFor('the status line done', async () => {
      const text = await page.locator('[data-testid=control-status]').innerText();
      return /^scroll-by: /.test(text) && text;
    }, 10_000);
    const outcome = await page.locator('[data-testid=action]').first().locator('.badge').innerText();
    assert.ok(status.startsWith(`scroll-by: ${outcome}`), `status "${status}", newest log entry "${outcome}"`);
    assert.deepEqual(await page.evaluate('window.__disagree'), []);
    const wheeled = await page.locator('[data-testid=action][data-command=scroll-by] [data-testid=action-summary]').allInnerTexts();
    assert.ok(wheeled.some((w) => /^scroll-by 0,\d+ at /.test(w)), `the wheel down scrolled down: ${wheeled.join(' | ')}`);
  });

  test('the compact log names what a click hit and opens its details; a status note does not move the stream', async () => {
    const stream = page.locator('[data-testid=stream]');
    const before = await stream.boundingBox();
    const settings = await find((e) => e.role === 'Tab' && e.label === 'Settings', 'the Settings tab');
    const count = await actionCount();
    await tapOnStream(settings.tap.x, settings.tap.y);
    await settled(count + 1);
    assert.equal(await page.locator('[data-testid=action-summary]').first().innerText(), 'tap Tab "Settings"');
    assert.deepEqual(await stream.boundingBox(), before, 'the stream stays where it was');
    await page.locator('[data-testid=action]').first().locator('.log-line').click();
    const detail = page.locator('[data-testid=action-detail]');
    await detail.waitFor();
    assert.match(await detail.innerText(), /"x":/, 'the arguments are in the details');
  });

  test('zoom 1:1 and 2x size the phone by its points; fit uses the page\'s height', async () => {
    const stream = page.locator('[data-testid=stream]');
    await page.locator('[data-testid=zoom-1x]').click();
    assert.equal(Math.round((await stream.boundingBox())?.width ?? 0), 390);
    await page.locator('[data-testid=zoom-2x]').click();
    assert.equal(Math.round((await stream.boundingBox())?.width ?? 0), 780);
    await waitFor('frames painted at 2x', async () => Number(await frame().getAttribute('data-frames')) > 0);
    await page.locator('[data-testid=zoom-fit]').click();
    const fit = await stream.boundingBox();
    assert.ok(fit && fit.height > 500 && fit.height < 900, `fit uses the page's height (${fit?.height})`);
  });

  test('Shift+Alt-drag rotates: two fingers at a constant distance turning around the centre', async () => {
    const box = await page.locator('[data-testid=stream]').boundingBox();
    assert.ok(box);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const r = box.width / 4;
    const count = await actionCount();
    await page.mouse.move(cx + r, cy);
    await page.keyboard.down('Shift');
    await page.keyboard.down('Alt');
    await page.mouse.down();
    for (let i = 1; i <= 16; i++) {
      const a = (i / 16) * (Math.PI / 2);
      await page.mouse.move(cx + r * Math.cos(a), cy + r * Math.sin(a));
      await page.waitForTimeout(16);
    }
    assert.equal(await page.locator('[data-testid=finger]').count(), 2, 'both fingers drawn');
    await page.mouse.up();
    await page.keyboard.up('Alt');
    await page.keyboard.up('Shift');
    await settled(count + 1);
    const sessions = data(await rest<{ sessions: Array<{ id: string; actor: string; endedAt: string | null }> }>('GET', '/sessions', lab.admin)).sessions;
    const live = sessions.find((x) => x.actor === 'alice' && !x.endedAt);
    assert.ok(live);
    const actions = data(await rest<{ actions: Array<{ command: string; args: { fingers: Array<{ points: Array<{ x: number; y: number }> }> } }> }>('GET', `/sessions/${live.id}/actions?limit=1000`, lab.admin)).actions;
    const perform = actions.filter((a) => a.command === 'perform').at(-1);
    assert.ok(perform, 'a perform in the log');
    const [a, b] = perform.args.fingers;
    assert.ok(a && b, 'two fingers');
    const dist = a.points.map((p, i) => Math.hypot(p.x - (b.points[i]?.x ?? 0), p.y - (b.points[i]?.y ?? 0)));
    assert.ok(Math.max(...dist) - Math.min(...dist) < 2, `the fingers keep their distance (${Math.min(...dist)}..${Math.max(...dist)})`);
    const angle = (i: number) => Math.atan2((a.points[i]?.y ?? 0) - (b.points[i]?.y ?? 0), (a.points[i]?.x ?? 0) - (b.points[i]?.x ?? 0));
    const turned = Math.abs(angle(a.points.length - 1) - angle(0)) * (180 / Math.PI);
    assert.ok(turned > 60, `they turned ${turned.toFixed(0)} degrees`);
  });

  test('Join queue: while an agent holds the device the page waits in its queue and gets it when the agent lets go', async () => {
    await page.locator('[data-testid=release]').click();
    await page.locator('[data-testid=holder]', { hasText: 'available' }).waitFor();
    const bot = await createToken(lab.url, lab.admin, 'bot', 'agent');
    const lease = data(await rest<{ id: string }>('POST', '/leases', bot, { deviceId: lab.deviceId }));
    await page.locator('[data-testid=holder]', { hasText: 'in use by bot' }).waitFor();
    await page.locator('[data-testid=queue]').click();
    await page.getByText('Waiting in the queue').waitFor();
    assert.equal((await rest('DELETE', `/leases/${lease.id}`, bot)).status, 200);
    await page.locator('[data-testid=holder]', { hasText: 'held by you' }).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('[data-testid=release]').count(), 1);
  });
});
