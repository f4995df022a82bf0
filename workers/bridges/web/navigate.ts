import { errors, type Page } from 'playwright-core';
import { SimlabError } from '../../../core/contract/index.js';

/** How long a page may take to load before the device says the app does not answer. */
const LOAD_TIMEOUT_MS = 15_000;

/** Loads a URL; a page that does not load is an error that says why, not a Playwright trace. */
export async function navigate(page: Page, url: string): Promise<void> {
  try {
    // A navigation still settling (e.g. Chromium's error page after a refused redirect) may cut
    // ours, more than once while it settles (longer on a busy host): let it load, then try again
    // until the load timeout.
    const deadline = performance.now() + LOAD_TIMEOUT_MS;
    for (;;) {
      try {
        await page.goto(url, { waitUntil: 'load', timeout: Math.max(1, deadline - performance.now()) });
        break;
      } catch (err) {
        if (performance.now() >= deadline || !(err instanceof Error && /interrupted by another navigation/.test(err.message))) throw err;
        await page.waitForLoadState('load', { timeout: Math.max(1, Math.min(2000, deadline - performance.now())) }).catch(() => undefined);
      }
    }
  } catch (err) {
    const reason = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    if (err instanceof errors.TimeoutError) {
      throw new SimlabError('APP_UNRESPONSIVE', `${url} did not finish loading in ${LOAD_TIMEOUT_MS / 1000} s`, {
        delivery: 'delivered_unverified',
        details: { url, cause: reason },
      });
    }
    if (/net::ERR_|NS_ERROR_|Protocol error/.test(reason)) {
      // Chromium shows its error page next; let it arrive so it cannot cut the next navigation.
      await page.waitForURL(/^chrome-error:/, { timeout: 2000, waitUntil: 'load' }).catch(() => undefined);
      throw new SimlabError('NOT_FOUND', `${url} could not be loaded`, {
        delivery: 'delivered_unverified',
        hint: 'Check that the address is right and that its server runs and is reachable from the worker.',
        details: { url, cause: reason },
      });
    }
    throw err;
  }
}
