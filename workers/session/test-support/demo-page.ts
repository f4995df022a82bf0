import type { Page } from 'playwright-core';
import type { WebDevice } from '../../bridges/web/index.js';

/**
 * The web device keeps its Playwright page to itself; tests and benchmarks reach it here to
 * read what the demo app itself saw (`window.__demo`: zoom, rotation, taps, gestures), which
 * is the evidence that a gesture arrived as intended.
 */
export function pageOf(device: WebDevice): Page {
  return (device as unknown as { page: Page }).page;
}

/** Evaluates an expression in the demo page, e.g. `__demo.zoom`. */
export function inPage<T>(device: WebDevice, expression: string): Promise<T> {
  return pageOf(device).evaluate(expression) as Promise<T>;
}
