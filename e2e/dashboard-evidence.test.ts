import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Flow } from '../core/flows/flow-schema.js';
import type { ReplayJson } from '../core/wire/replay-views.js';
import { launchChromium, signInPage, startDashboardLab, type DashboardLab } from './support/dashboard-lab.js';
import { call, createToken, data, waitFor } from './support/lab.js';

/**
 * The dashboard's evidence buttons in a real Chromium against a real lab: a person records their
 * lease and shares it from the device page; the replay page cuts a clip of a step and exports the
 * session as a flow.
 */
describe('evidence buttons on the device and replay pages', { concurrency: false }, () => {
  let lab: DashboardLab;
  let browser: Browser;
  let alice: string;
  let page: Page;
  let sessionId: string;

  before(async () => {
    lab = await startDashboardLab('evid');
    alice = await createToken(lab.url, lab.admin, 'alice', 'member');
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await signInPage(context, lab.url, alice, `/devices/${lab.deviceId}`);
  });
  after(async () => {
    await browser?.close();
    await lab?.close();
  });

  test('device page: Record starts a recording of a person\'s lease, Stop ends it; Share makes a link that opens the replay without an account', async () => {
    await page.locator('[data-testid=take]').click();
    await page.locator('[data-testid=record-toggle]').waitFor();
    const recordingShown = (on: boolean) => page.locator(`[data-testid=record-toggle][data-recording=${on}]`).waitFor();
    await recordingShown(false);
    const lease = data(await call<{ leases: Array<{ id: string; sessionId: string; deviceId: string }> }>(lab.url, 'GET', '/leases', alice)).leases.find((l) => l.deviceId === lab.deviceId);
    assert.ok(lease);
    sessionId = lease.sessionId;

    await page.locator('[data-testid=record-toggle]').click();
    await recordingShown(true);
    const state = data(await call<{ recordingId: string | null }>(lab.url, 'GET', `/leases/${lease.id}/recording`, alice));
    assert.ok(state.recordingId, 'the hub records the lease');
    await waitFor('the first piece', async () => data(await call<ReplayJson>(lab.url, 'GET', `/sessions/${sessionId}/replay`, alice)).recordings[0]?.startedAt);
    for (const target of ['#tab-settings', '#toggle-dark']) {
      await new Promise((r) => setTimeout(r, 700));
      assert.equal((await call(lab.url, 'POST', `/devices/${lab.deviceId}/tap`, alice, { target })).status, 200);
    }
    await new Promise((r) => setTimeout(r, 1000));
    await page.locator('[data-testid=record-toggle]').click();
    await recordingShown(false);

    await page.locator('[data-testid=share]').click();
    const url = await page.locator('[data-testid=share-url]').inputValue();
    assert.match(url, /\/api\/v1\/share\/[^/]+\/$/);
    const shared = await fetch(url);
    assert.equal(shared.status, 200, 'the link opens without an account');
    assert.match(await shared.text(), /<html/i);
    await page.locator('[data-testid=release]').click();
    await waitFor('the recording to end', async () => data(await call<ReplayJson>(lab.url, 'GET', `/sessions/${sessionId}/replay`, alice)).recordings[0]?.endedAt);
  });

  test('replay page: a clip of the shown step downloads as a GIF, an over-long one says why; the session exports as a flow', async () => {
    await page.goto(`${lab.url}/sessions/${sessionId}#step=2`);
    await page.locator('[data-testid=replay-exports]').waitFor();
    // The page applies #step=N after its first render, and the clip range follows it then.
    await waitFor('the clip range to start at step 2', async () => (await page.locator('[data-testid=clip-from]').inputValue()) === '2', 10_000);
    const href = await page.getAttribute('[data-testid=clip-download]', 'href');
    assert.ok(href);
    const clip = await page.request.get(new URL(href, lab.url).toString());
    assert.equal(clip.status(), 200);
    assert.equal(clip.headers()['content-type'], 'image/gif');
    assert.equal((await clip.body()).subarray(0, 6).toString('latin1'), 'GIF89a');

    await page.locator('[data-testid=clip-to]').fill('9');
    assert.match(await page.locator('[data-testid=clip-unavailable]').innerText(), /has 2 steps/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=flow-export]').click()]);
    const flow = JSON.parse(await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts).toString('utf8'))) as Flow;
    assert.deepEqual(flow.steps.map((s) => s.args.target), ['#tab-settings', '#toggle-dark']);
    await page.locator('[data-testid=export-note]', { hasText: '2 steps exported' }).waitFor();
  });
});
