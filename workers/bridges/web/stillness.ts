import type { Page } from 'playwright-core';
import type { Stillness } from '../../../core/model/index.js';
import { pageCall } from './page-call.js';
import type { InFlightRequests } from './in-flight-requests.js';

/**
 * How the web device decides that the screen is at rest. `evidence` (the default) answers as soon
 * as the page itself says nothing is moving; `quiet` waits for the quiet window every time (for
 * apps that change the screen from timers the page cannot report, and to measure the difference).
 */
export type StillnessRule = 'evidence' | 'quiet';

interface Probe {
  /** Finite animations still running (infinite ones and those over 60 s are ignored), plus one for a scroll not yet ended. */
  running: number;
  /** How long the page has looked the same, by the page's own clock. */
  sameForMs: number;
  /** The page's look now (layout, scroll offsets, DOM mutations). */
  sig: string;
  /** The look held over two consecutive animation frames; null when frames were not asked for or did not come. */
  framesEqual: boolean | null;
  /** The page has parts the look cannot see into (frames, open shadow roots). */
  opaque: boolean;
}

interface ProbeArgs {
  longMs: number;
  /** A scroll without scrollend is over once no scroll event came for this long. */
  scrollQuietMs: number;
  /** No need for frames when the page is already known to be at rest: the quiet window passed since the last input... */
  quietMs: number;
  sinceInputMs: number;
  /** ...or it still looks as it did when last found at rest (after the last input). */
  restingSig: string | null;
  /** Wait for frames (and for running animations, up to waitMs) before answering. */
  frames: boolean;
  waitMs: number;
  /** The look found at rest right before the last input (null when unknown): one frame that still shows it means the input changed nothing. */
  beforeInputSig: string | null;
}

/**
 * Runs in the page. The signature joins a layout hash (offset geometry, which transforms of
 * an infinite spinner do not touch), the scroll offsets of every element and of the
 * document, a count of DOM mutations, focus, which elements are hidden (visibility), form
 * values, the visual viewport and the URL. The page keeps the last signature and since when it has held, so a second observation
 * of an unchanged page need not wait again. With `frames`, it first lets the finite
 * animations run out (up to `waitMs`), then looks for evidence over animation frames (reading
 * offsets forces any pending style and layout, and a frame in between means the change was
 * painted): the look after one frame is the one found at rest before the input (the input
 * changed nothing); or the look when the awaited animations finished holds over the next
 * frame (their last frame was the first of the two); or, where the input did change the
 * page, the look holds over two consecutive frames.
 */
async function probePage(args: ProbeArgs): Promise<Probe> {
  type Memory = { mutations: number; sig: string; since: number; scrollAt: number; scrollEndAt: number };
  const w = window as unknown as { __simlabStill?: Memory };
  let mem = w.__simlabStill;
  if (!mem) {
    const created: Memory = { mutations: 0, sig: '', since: performance.now(), scrollAt: -Infinity, scrollEndAt: -Infinity };
    new MutationObserver((records) => {
      created.mutations += records.length;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // Scroll events of every element reach a capturing listener on the document.
    document.addEventListener('scroll', () => (created.scrollAt = performance.now()), { capture: true, passive: true });
    document.addEventListener('scrollend', () => (created.scrollEndAt = performance.now()), { capture: true, passive: true });
    w.__simlabStill = created;
    mem = created;
  }
  const memory = mem;
  // A fling or smooth scroll coasts on the compositor, and a starved one may leave two main
  // frames alike mid-way: a scroll not yet ended (scrollend) counts as motion, until it has
  // been quiet long enough that a scrollend that never comes cannot hold it up.
  const scrolling = () => memory.scrollAt > memory.scrollEndAt && performance.now() - memory.scrollAt < args.scrollQuietMs;
  const moving = (list: Animation[]) => list.length + (scrolling() ? 1 : 0);
  const finite = (): Animation[] =>
    document.getAnimations().filter((a) => {
      if (a.playState !== 'running' && !a.pending) return false;
      const timing = a.effect?.getComputedTiming();
      const end = Number(timing?.endTime ?? Infinity);
      const active = Number(timing?.activeDuration ?? Infinity);
      return Number.isFinite(end) && Number.isFinite(active) && active <= args.longMs;
    });
  // Set when the page has parts the signature cannot see into (frames, open shadow roots).
  let opaque = false;
  const sign = (running: number): string => {
    let hash = 0;
    const scrolls: number[] = [];
    const all = document.getElementsByTagName('*');
    const active = document.activeElement;
    let focus = -1;
    let hidden = 0;
    let values = 0;
    for (let i = 0; i < all.length; i++) {
      const el = all[i] as HTMLElement;
      hash = (Math.imul(hash, 31) + (el.offsetLeft | 0) * 7 + (el.offsetTop | 0) * 13 + (el.offsetWidth | 0) * 17 + (el.offsetHeight | 0) * 19) | 0;
      if (el.scrollTop || el.scrollLeft) scrolls.push(i, el.scrollLeft, el.scrollTop);
      if (el === active) focus = i;
      // A tap leaves the pointer over what it touched, and :hover styles may show or hide content
      // with no mutation and no layout change (visibility); script cannot ask for :hover after a touch.
      if (getComputedStyle(el).visibility !== 'visible') hidden = (Math.imul(hidden, 31) + i) | 0;
      if (el.shadowRoot || el.tagName === 'IFRAME') opaque = true;
      // Form state lives in properties, which DOM mutations do not report.
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
        const text = `${el.value}${el instanceof HTMLInputElement && el.checked ? '\u0001' : ''}`;
        for (let c = 0; c < text.length; c++) values = (Math.imul(values, 31) + text.charCodeAt(c)) | 0;
        values = (Math.imul(values, 31) + i) | 0;
      }
    }
    const zoom = visualViewport ? `${visualViewport.scale},${visualViewport.offsetLeft},${visualViewport.offsetTop}` : '';
    const sig = `${hash}|${all.length}|${memory.mutations}|${scrollX},${scrollY}|${scrolls.join(',')}|${focus}|${hidden}|${values}|${zoom}|${location.href}`;
    if (sig !== memory.sig || running > 0) {
      memory.sig = sig;
      memory.since = performance.now();
    }
    return sig;
  };
  // A hidden or throttled page may not draw: then there is no frame evidence.
  const frame = () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 100);
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  let running = finite();
  let sig = sign(moving(running));
  let framesEqual: boolean | null = null;
  const known = moving(running) === 0 && (Math.min(performance.now() - memory.since, args.sinceInputMs) >= args.quietMs || sig === args.restingSig);
  if (args.frames && !known) {
    let animated = false;
    if (moving(running) > 0 && args.waitMs > 0) {
      const finished = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      const scrolled = (async () => {
        while (scrolling()) {
          const ended = new AbortController();
          await new Promise((resolve) => {
            document.addEventListener('scrollend', resolve, { capture: true, once: true, signal: ended.signal });
            setTimeout(resolve, args.scrollQuietMs / 3);
          });
          ended.abort();
        }
      })();
      await Promise.race([Promise.all([finished, scrolled]), new Promise((resolve) => setTimeout(resolve, args.waitMs))]);
      // `finished` resolves within the frame that ends the animations, before that frame sends
      // their animationend events; a task later the handlers (which often change the page) have run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      running = finite();
      sig = sign(moving(running));
      animated = moving(running) === 0;
    }
    if (moving(running) === 0) {
      const before = animated ? sig : null;
      const first = await frame();
      running = finite();
      sig = sign(moving(running));
      if (!first) framesEqual = null;
      else if (moving(running) > 0) framesEqual = false;
      else if (sig === before || sig === args.beforeInputSig) framesEqual = true;
      else {
        const held = sig;
        const second = await frame();
        running = finite();
        sig = sign(moving(running));
        framesEqual = second ? held === sig && moving(running) === 0 : null;
      }
    }
  }
  return { running: moving(running), sameForMs: performance.now() - memory.since, sig, framesEqual, opaque };
}

const POLL_MS = 50;
/** How often in-flight requests are looked at again while the page itself is at rest. */
const REQUEST_POLL_MS = 16;
const LONG_ANIMATION_MS = 60_000;
/** Several frames of a coasting scroll: one that sent no scroll event for this long has stopped. */
const SCROLL_QUIET_MS = 150;
/** How soon after a wait() found the page at rest its look stands for the page (the describe() right after it). */
const FRESH_LOOK_MS = 50;
/** Room for the two frames a probe waits for (each gives up after 100 ms). */
const FRAMES_GRACE_MS = 250;
/**
 * How long past its deadline the page's answer may take before the page counts as stuck: a
 * round trip to a live page takes hundreds of ms on a loaded machine (430 ms seen at load 15).
 */
const ANSWER_GRACE_MS = 1000;
const NAVIGATING = /Execution context was destroyed|Cannot find context|most likely because of a navigation/i;

export interface StillnessWaitOptions {
  /** The fallback: still after this long without change, whatever the evidence. */
  quietMs: number;
  /** Give up after this long and say so (0: one look, no waiting). */
  timeoutMs: number;
  /** When the last input ended and started (this process's performance clock; -Infinity if none). */
  lastInputAt: number;
  inputStartedAt: number;
}

/**
 * Waits for the web device's screen to come to rest (DESIGN.md section 5). By evidence, it is at
 * rest as soon as no finite animation runs, no network request the last input started is in
 * flight, and the page looked the same on two consecutive frames; the quiet window (still for
 * `quietMs`) remains the fallback where frames give no evidence. An input is a change too: right
 * after a tap the page may not have reacted yet, and its old stillness must not count. It
 * remembers the look it last found at rest, so a look at an unchanged page answers at once, and
 * an input after which the page shows that very look one frame later changed nothing.
 */
export class StillnessWatch {
  /** The look last found at rest, and when the probe that found it was sent. */
  private settled: { at: number; sig: string } | undefined;
  /** The look at rest just before the input in progress or last ended (null: not known). */
  private beforeInputSig: string | null = null;
  /** The look of the last wait() that found the page at rest, not yet handed to look(). */
  private fresh: { at: number; answeredAt: number; sig: string } | undefined;

  constructor(
    private readonly page: Page,
    private readonly requests: InFlightRequests,
    private readonly rule: StillnessRule = 'evidence',
  ) {}

  /**
   * An input starts; `previousInputEnd` is when the one before it ended. The look last found at
   * rest is the screen the input acts on only if no input came after it.
   */
  inputStarting(previousInputEnd: number): void {
    this.beforeInputSig = this.settled && this.settled.at > previousInputEnd ? this.settled.sig : null;
  }

  /**
   * The page's look, when it can vouch for the page's content (by evidence only, nothing
   * finite moving, nothing it cannot see into); else undefined. The look the last wait()
   * found at rest serves once, right after it and with no input since (`inputSince`: when the
   * last input started or ended, whichever is later): the page just said it was still, and
   * asking again would cost a round trip to the page. Otherwise one instant probe.
   */
  async look(inputSince = -Infinity): Promise<string | undefined> {
    if (this.rule !== 'evidence') return undefined;
    const fresh = this.fresh;
    this.fresh = undefined;
    if (fresh && fresh.at > inputSince && performance.now() - fresh.answeredAt <= FRESH_LOOK_MS) return fresh.sig;
    const args: ProbeArgs = {
      longMs: LONG_ANIMATION_MS,
      scrollQuietMs: SCROLL_QUIET_MS,
      quietMs: Infinity,
      sinceInputMs: 0,
      restingSig: null,
      frames: false,
      waitMs: 0,
      beforeInputSig: null,
    };
    const probe = await (this.page.evaluate(pageCall(probePage, args)) as Promise<Probe>).catch(() => undefined);
    return probe && probe.running === 0 && !probe.opaque ? probe.sig : undefined;
  }

  async wait(options: StillnessWaitOptions): Promise<Stillness> {
    const { quietMs, timeoutMs, lastInputAt, inputStartedAt } = options;
    const evidence = this.rule === 'evidence';
    const start = performance.now();
    this.fresh = undefined;
    for (;;) {
      const left = Math.max(0, timeoutMs - (performance.now() - start));
      const frames = evidence && left > 0;
      // Animations are waited for in the page until shortly before the deadline, leaving time for the two frames.
      const restingSig = this.settled && this.settled.at > lastInputAt ? this.settled.sig : null;
      const args: ProbeArgs = {
        longMs: LONG_ANIMATION_MS,
        scrollQuietMs: SCROLL_QUIET_MS,
        quietMs,
        sinceInputMs: performance.now() - lastInputAt,
        restingSig,
        frames,
        waitMs: Math.max(0, left - POLL_MS),
        beforeInputSig: evidence ? this.beforeInputSig : null,
      };
      const sentAt = performance.now();
      const answer = (this.page.evaluate(pageCall(probePage, args)) as Promise<Probe>).catch((err: unknown) => {
        // A page that navigates away mid-probe is changing, not broken.
        if (err instanceof Error && NAVIGATING.test(err.message)) return { running: 1, sameForMs: 0, sig: '', framesEqual: false, opaque: true };
        throw err;
      });
      // A page whose main thread is stuck does not answer at all: that is not still either.
      let timer: NodeJS.Timeout | undefined;
      const probe = await Promise.race([answer, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left + ANSWER_GRACE_MS + (frames ? FRAMES_GRACE_MS : 0))))]);
      clearTimeout(timer);
      if (!probe) {
        answer.catch(() => undefined);
        return { still: false, ms: 0 };
      }
      const now = performance.now();
      const sameFor = Math.min(probe.sameForMs, now - lastInputAt);
      // Requests count only once an input started them: a page's own long polls are not the action's.
      const pending = evidence && Number.isFinite(inputStartedAt) ? this.requests.startedSince(inputStartedAt) : 0;
      const atRest = probe.running === 0 && pending === 0;
      const seenAtRest = evidence && restingSig === probe.sig;
      if (atRest && (sameFor >= quietMs || probe.framesEqual === true || seenAtRest)) {
        this.settled = { at: sentAt, sig: probe.sig };
        if (evidence && !probe.opaque) this.fresh = { at: sentAt, answeredAt: now, sig: probe.sig };
        return { still: true, ms: Math.round(sameFor) };
      }
      const elapsed = now - start;
      if (elapsed >= timeoutMs) return { still: false, ms: Math.round(sameFor) };
      // A probe that waited for frames has already spent its time; one that did not polls.
      const pause = probe.framesEqual === null ? POLL_MS : pending > 0 ? REQUEST_POLL_MS : 0;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(pause, timeoutMs - elapsed)));
    }
  }
}
