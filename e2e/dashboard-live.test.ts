import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { OutlineElement } from '../core/outline/snapshot.js';
import { launchChromium, signInPage, startDashboardLab, type DashboardLab } from './support/dashboard-lab.js';
import { call, createToken, data, waitFor } from './support/lab.js';

/**
 * The dashboard's live views in a real Chromium against a lab of two web phones drawn at 2x
 * (one lab, one browser, checks in order): sharp frames on a 2x screen, who watches a device,
 * turning a phone to landscape with taps landing where they are drawn, and the grid of devices.
 */
describe('the dashboard, live', { concurrency: false }, () => {
  let lab: DashboardLab;
  let browser: Browser;
  let alice: string;
  let vera: string;
  let aliceContext: BrowserContext;
  let page: Page;
  const second = () => lab.deviceId.replace(/-1$/, '-2');

  const elements = async () =>
    data(await call<{ outline: { elements: OutlineElement[] } }>(lab.url, 'GET', `/devices/${lab.deviceId}/outline?format=json&wait=false`, lab.admin)).outline.elements;
  const canvas = () => page.locator('[data-testid=stream] canvas');

  const signIn = (context: BrowserContext, token: string, path?: string): Promise<Page> => signInPage(context, lab.url, token, path);

  before(async () => {
    lab = await startDashboardLab('live', { SIMLAB_WEB_DEVICES: '2', SIMLAB_WEB_RENDER_SCALE: '2' });
    alice = await createToken(lab.url, lab.admin, 'alice', 'member');
    vera = await createToken(lab.url, lab.admin, 'vera', 'viewer');
    browser = await launchChromium();
    aliceContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
    await waitFor('the second phone online', async () => data(await call<{ state: string }>(lab.url, 'GET', `/devices/${second()}`, lab.admin)).state === 'online');
  });

  after(async () => {
    await browser?.close();
    await lab?.close();
  });

  test('on a 2x screen the stream asks for frames at its pixel ratio and gets them that wide', async () => {
    page = await signIn(aliceContext, alice, `/devices/${lab.deviceId}`);
    const stream = page.locator('[data-testid=stream]');
    await waitFor('sharp frames painted', async () => {
      const scale = Number(await stream.getAttribute('data-scale'));
      const width = await canvas().evaluate((c: HTMLCanvasElement) => c.width);
      return scale > 1 && width === Math.round(390 * scale) && { scale, width };
    });
    const cssWidth = (await stream.boundingBox())?.width ?? 0;
    const width = await canvas().evaluate((c: HTMLCanvasElement) => c.width);
    assert.ok(width / cssWidth >= 2, `at least one image pixel per screen pixel (${width} px over ${cssWidth.toFixed(0)} CSS px)`);
    assert.match(await page.locator('[data-testid=stream-badge]').innerText(), /\d(\.\d+)?x/, 'the badge names the scale');
  });

  test('who watches: each person once with their tabs, the lease holder marked, and leaving shows at once', async () => {
    await page.locator('[data-testid=take]').click();
    await page.locator('[data-testid=holder]', { hasText: 'held by you' }).waitFor();
    const watcher = (name: string) => page.locator(`[data-testid=watcher][data-name=${name}]`);
    await watcher('alice').locator('.badge', { hasText: 'lease' }).waitFor();
    const veraContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const veraPage = await signIn(veraContext, vera, `/devices/${lab.deviceId}`);
    await watcher('vera').waitFor();
    assert.match(await watcher('vera').innerText(), /viewer/);
    await veraPage.locator('[data-testid=watcher][data-name=alice] .badge', { hasText: 'lease' }).waitFor();
    const second = await veraContext.newPage();
    await second.goto(`${lab.url}/devices/${lab.deviceId}`);
    await watcher('vera').filter({ hasText: '2 tabs' }).waitFor();
    await veraContext.close();
    await watcher('vera').waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid=watcher]').count(), 1, 'alice alone again');
  });

  test('Rotate turns the phone to landscape: the stream is drawn wide and a click lands where it is drawn', async () => {
    const stream = page.locator('[data-testid=stream]');
    await page.locator('[data-testid=rotate-device]').click();
    await page.locator('[data-testid=stream][data-orientation=landscape]').waitFor({ timeout: 20_000 });
    const box = await stream.boundingBox();
    assert.ok(box && box.width > box.height * 2, `a landscape box (${box?.width.toFixed(0)}x${box?.height.toFixed(0)})`);
    await waitFor('landscape frames', async () => {
      const c = await canvas().evaluate((el: HTMLCanvasElement) => [el.width, el.height]);
      return (c[0] ?? 0) > (c[1] ?? 0) * 2;
    });
    const settings = await waitFor('the Settings tab in landscape', async () => (await elements()).find((e) => e.id === 'tab-settings' && e.tap.x > 390));
    const k = (box?.width ?? 0) / 844;
    await page.mouse.click((box?.x ?? 0) + settings.tap.x * k, (box?.y ?? 0) + settings.tap.y * k);
    await waitFor('the click opened Settings', async () => (await elements()).some((e) => e.role === 'Heading' && e.label === 'Settings'));
    await page.locator('[data-testid=action]', { hasText: 'web.orientation landscape' }).waitFor();
    await page.locator('[data-testid=rotate-device]').click();
    await page.locator('[data-testid=stream][data-orientation=portrait]').waitFor({ timeout: 20_000 });
  });

  test('the grid shows every device live, a tile opens its device page', async () => {
    await page.goto(`${lab.url}/grid`);
    const tiles = page.locator('[data-testid=tile]');
    await waitFor('two tiles with frames', async () => (await tiles.locator('canvas:not([data-frames="0"])').count()) === 2);
    const sizes = await tiles.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
    assert.deepEqual(sizes, [sizes[0], sizes[0]], 'tiles of one size');
    await page.locator('[data-testid=tiles-s]').click();
    await waitFor('smaller tiles', async () => ((await tiles.first().boundingBox())?.width ?? 999) < (sizes[0] ?? 0));
    await page.locator(`[data-testid=tile][data-device="${second()}"]`).click();
    await page.waitForURL(new RegExp(`/devices/${second()}$`));
    await page.locator('[data-testid=stream] canvas:not([data-frames="0"])').waitFor({ timeout: 30_000 });
  });
});
