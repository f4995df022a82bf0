import type { Page } from 'playwright-core';
import type { Stillness } from '../../../core/model/index.js';

interface Probe {
  /** Finite animations still running (infinite ones and those over 60 s are ignored). */
  running: number;
  /** How long the page has looked the same, by the page's own clock. */
  sameForMs: number;
}

/**
 * Runs in the page. The signature joins a layout hash (offset geometry, which transforms of
 * an infinite spinner do not touch), the scroll offsets of every element and of the
 * document, and a count of DOM mutations. The page keeps the last signature and since when
 * it has held, so a second observation of an unchanged page need not wait again.
 */
function probePage(longMs: number): Probe {
  type Memory = { mutations: number; sig: string; since: number };
  const w = window as unknown as { __simlabStill?: Memory };
  let mem = w.__simlabStill;
  if (!mem) {
    const created: Memory = { mutations: 0, sig: '', since: performance.now() };
    new MutationObserver((records) => {
      created.mutations += records.length;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    w.__simlabStill = created;
    mem = created;
  }
  let running = 0;
  for (const a of document.getAnimations()) {
    if (a.playState !== 'running' && !a.pending) continue;
    const timing = a.effect?.getComputedTiming();
    const end = Number(timing?.endTime ?? Infinity);
    const active = Number(timing?.activeDuration ?? Infinity);
    if (!Number.isFinite(end) || !Number.isFinite(active) || active > longMs) continue;
    running++;
  }
  let hash = 0;
  const scrolls: number[] = [];
  const all = document.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const el = all[i] as HTMLElement;
    hash = (Math.imul(hash, 31) + (el.offsetLeft | 0) * 7 + (el.offsetTop | 0) * 13 + (el.offsetWidth | 0) * 17 + (el.offsetHeight | 0) * 19) | 0;
    if (el.scrollTop || el.scrollLeft) scrolls.push(i, el.scrollLeft, el.scrollTop);
  }
  const sig = `${hash}|${all.length}|${mem.mutations}|${scrollX},${scrollY}|${scrolls.join(',')}`;
  const now = performance.now();
  if (sig !== mem.sig || running > 0) {
    mem.sig = sig;
    mem.since = now;
  }
  return { running, sameForMs: now - mem.since };
}

const POLL_MS = 50;
const LONG_ANIMATION_MS = 60_000;
const NAVIGATING = /Execution context was destroyed|Cannot find context|most likely because of a navigation/i;

/**
 * Still after `quietMs` without change; gives up after `timeoutMs` and says so. An input is a
 * change too (`lastInputAt`, on this process's performance clock): right after a tap the page
 * may not have reacted yet, and its old stillness must not count.
 */
export async function waitForStill(page: Page, quietMs = 250, timeoutMs = 5000, lastInputAt = -Infinity): Promise<Stillness> {
  const start = performance.now();
  for (;;) {
    const answer = page.evaluate(probePage, LONG_ANIMATION_MS).catch((err: unknown) => {
      // A page that navigates away mid-probe is changing, not broken.
      if (err instanceof Error && NAVIGATING.test(err.message)) return { running: 1, sameForMs: 0 };
      throw err;
    });
    // A page whose main thread is stuck does not answer at all: that is not still either.
    const left = Math.max(0, timeoutMs - (performance.now() - start));
    let timer: NodeJS.Timeout | undefined;
    const probe = await Promise.race([answer, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left + POLL_MS)))]);
    clearTimeout(timer);
    if (!probe) {
      answer.catch(() => undefined);
      return { still: false, ms: 0 };
    }
    const now = performance.now();
    const sameFor = Math.min(probe.sameForMs, now - lastInputAt);
    if (probe.running === 0 && sameFor >= quietMs) return { still: true, ms: Math.round(sameFor) };
    const elapsed = now - start;
    if (elapsed >= timeoutMs) return { still: false, ms: Math.round(sameFor) };
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, timeoutMs - elapsed)));
  }
}
