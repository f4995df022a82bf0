import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { ReplayJson } from '../core/wire/replay-views.js';
import { launchChromium, signInPage, startDashboardLab, type DashboardLab } from './support/dashboard-lab.js';
import { call, createToken, data, runCli, waitFor } from './support/lab.js';

/**
 * The session page's video replay in Chromium: an agent's recorded lease plays beside its
 * timeline; a step seeks the video, playing moves the current step, touches are drawn over the
 * video, the keyboard and `#step=N` work.
 */
describe('session replay with video', { concurrency: false }, () => {
  let lab: DashboardLab;
  let browser: Browser;
  let sessionId: string;
  let replay: ReplayJson;

  before(async () => {
    lab = await startDashboardLab('replay');
    browser = await launchChromium();
    const agent = await createToken(lab.url, lab.admin, 'replay-agent', 'agent');
    const lease = data(await call<{ id: string; sessionId: string }>(lab.url, 'POST', '/leases', agent, { deviceId: lab.deviceId }));
    sessionId = lease.sessionId;
    await waitFor('the recording', async () => data(await call<ReplayJson>(lab.url, 'GET', `/sessions/${sessionId}/replay`, agent)).recordings[0]?.startedAt);
    for (const target of ['#tab-settings', '#save-settings', '#tab-home']) {
      await new Promise((r) => setTimeout(r, 800));
      assert.equal((await call(lab.url, 'POST', `/devices/${lab.deviceId}/tap`, agent, { target })).status, 200);
    }
    await new Promise((r) => setTimeout(r, 800));
    await call(lab.url, 'DELETE', `/leases/${lease.id}`, agent);
    replay = await waitFor('the recording to end', async () => {
      const r = data(await call<ReplayJson>(lab.url, 'GET', `/sessions/${sessionId}/replay`, agent));
      return r.recordings[0]?.endedAt ? r : undefined;
    });
  });
  after(async () => {
    await browser?.close();
    await lab?.close();
  });

  async function open(hash = ''): Promise<Page> {
    const context = await browser.newContext();
    const page = await signInPage(context, lab.url, lab.admin, `/sessions/${sessionId}${hash}`);
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]');
      return v !== null && v.readyState >= 1 && v.videoWidth > 0;
    });
    return page;
  }
  const videoMs = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')!.currentTime * 1000);
  const currentStep = (page: Page) => page.getAttribute('[data-testid=step-detail]', 'data-step').then(Number);

  test('clicking a step seeks the video to it; arrows step; the URL names the step; the screens before and after show', async () => {
    const page = await open();
    const steps = page.locator('[data-testid=step]');
    assert.equal(await steps.count(), 3);
    await steps.nth(1).click();
    await waitFor('the seek', async () => Math.abs((await videoMs(page)) - replay.actions[1]!.media!.startMs) < 50);
    assert.match(page.url(), /#step=2$/);
    await page.keyboard.press('ArrowRight');
    await waitFor('the seek to step 3', async () => Math.abs((await videoMs(page)) - replay.actions[2]!.media!.startMs) < 50);
    assert.match(page.url(), /#step=3$/);
    const bundle = await page.request.get(new URL((await page.getAttribute('[data-testid=evidence-download]', 'href'))!, lab.url).toString());
    assert.equal(bundle.headers()['content-type'], 'application/zip', 'the session page links its evidence bundle');
    for (const which of ['before', 'after']) {
      const loaded = await page.locator(`[data-testid=step-shot-${which}]`).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
      assert.ok(loaded > 100, `${which} is a full-size image (${loaded} px)`);
    }
    await page.context().close();
  });

  test('#step=N opens that step; playing moves the current step along and draws the tap over the video; [ ] change the speed', async () => {
    const page = await open('#step=1');
    assert.equal(await currentStep(page), 0);
    const tap = replay.actions[1]!.media!;
    // Start just before the second tap and play through it.
    await page.evaluate((ms) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')!;
      v.currentTime = ms / 1000;
    }, Math.max(0, tap.startMs - 300));
    await page.keyboard.press(']');
    assert.match(await page.locator('[data-testid=replay-status]').innerText(), /1\.5x/);
    await page.keyboard.press('[');
    await page.keyboard.press(' ');
    await waitFor('the current step to follow the video', async () => (await currentStep(page)) === 1, 15_000);
    await waitFor('the tap drawn over the video', async () => (await page.locator('[data-testid=touch-mark]').count()) > 0, 15_000);
    await page.keyboard.press(' ');
    assert.equal(await page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')!.paused), true, 'space pauses');
    await page.context().close();
  });

  test('`simlab evidence export` writes a zip whose HTML viewer replays the steps with the video from file://, with no server', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'simlab-bundle-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const zipFile = join(dir, 'evidence.zip');
    const cli = await runCli(['evidence', 'export', sessionId, '-o', zipFile], { SIMLAB_HUB: lab.url, SIMLAB_TOKEN: lab.admin });
    assert.equal(cli.code, 0, cli.stderr);
    execFileSync('unzip', ['-q', zipFile, '-d', join(dir, 'open')]);
    const listing = execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).split('\n');
    for (const name of ['index.html', 'actions.json', 'video/recording-1.mp4', 'screens/2-before.jpg', 'screens/2-after.jpg', 'outlines/2-after.txt']) assert.ok(listing.includes(name), `${name} in the bundle`);

    // A fresh context with no access to the lab: every request that is not file:// fails the test.
    const context = await browser.newContext();
    const offline: string[] = [];
    await context.route(/^(?!file:)/, (route) => {
      offline.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(dir, 'open', 'index.html')).toString());
    assert.equal(await page.locator('[data-testid=step]').count(), 3);
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=video]');
      return v !== null && v.readyState >= 1 && v.videoWidth > 0;
    });
    await page.locator('[data-testid=step]').nth(1).click();
    const ms = () => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=video]')!.currentTime * 1000);
    await waitFor('the seek', async () => Math.abs((await ms()) - replay.actions[1]!.media!.startMs) < 50);
    assert.equal(await page.getAttribute('[data-testid=detail]', 'data-step'), '1');
    const width = await page.locator('[data-testid=shot-after]').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    assert.ok(width > 100, 'the full-size screenshot loads from the bundle');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('[data-testid=detail]', 'data-step'), '2');
    assert.match(page.url(), /#step=3$/);
    const tap = replay.actions[2]!.media!.touches[0]!;
    await page.evaluate((at) => {
      document.querySelector<HTMLVideoElement>('[data-testid=video]')!.currentTime = at / 1000;
    }, tap.atMs + 20);
    await waitFor('the tap drawn', async () => (await page.locator('[data-testid=touch-mark]').count()) > 0);
    assert.deepEqual(offline, [], 'the viewer asked for nothing outside the bundle');
    await context.close();
  });
});
