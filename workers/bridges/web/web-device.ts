import type { Browser, CDPSession, Page } from 'playwright-core';
import { SimlabError } from '../../../core/contract/index.js';
import type { AdmittedTimeline } from '../../../core/wire/admitted-timeline.js';
import { importCdpAx, type CdpAxCapture } from '../../../core/importers/cdp-ax.js';
import type { AppState, Orientation, Point, Rect, Screen, Size, Stillness, UiNode } from '../../../core/model/index.js';
import { intersectRect } from '../../../core/model/index.js';
import { resolveKey } from '../../../core/wire/keys.js';
import type { StreamOptions } from '../../../core/wire/worker-protocol.js';
import type {
  Capabilities,
  DeviceBridge,
  DeviceInfo,
  Frame,
  PerformOptions,
  ScreenshotOptions,
  ScreenshotResult,
  WaitForStillOptions,
} from '../../bridge.js';
import { screenshotArea } from '../../screenshot-area.js';
import { captureCdpAx, captureLayout } from './capture.js';
import { paintedSurfaces, scanControls } from './hit-scan.js';
import { hitTestAt } from './hit-test.js';
import { navigate } from './navigate.js';
import type { RefusalLog } from './navigation-guard.js';
import { pointToViewportCss, readPageView } from './page-view.js';
import { imageSize } from './image-size.js';
import { KNOWN_KEYS } from './keys.js';
import { Screencast } from './screencast.js';
import type { InFlightRequests } from './in-flight-requests.js';
import { StillnessWatch, type StillnessRule } from './stillness.js';
import { sendTouchSteps, touchSteps, type TouchTiming } from './touch.js';
import type { UrlPolicy } from './url-policy.js';

export interface WebDeviceParts {
  info: DeviceInfo;
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  /** Where `button('home')` goes. */
  homeUrl: string;
  /** Which URLs the device may open (its guard applies the same policy to every request of the page). */
  policy: UrlPolicy;
  /** What the guard refused (launch.ts keeps it up to date). */
  refusals: RefusalLog;
  /** The page's requests in flight (from the Network domain of `cdp`). */
  requests: InFlightRequests;
  /** How waitForStill() decides (default: by evidence). */
  stillness?: StillnessRule;
  /** Image pixels per CSS pixel Chromium draws (launch.ts: renderScale); 1 when not given. */
  drawScale?: number;
}

const JPEG_QUALITY = 80;

/**
 * A phone-sized Chromium page as a device (DESIGN.md section 7). It owns its browser: one
 * Chromium per device, so devices cannot disturb each other and `close()` ends exactly
 * that process.
 */
export class WebDevice implements DeviceBridge {
  readonly info: DeviceInfo;
  readonly capabilities: Capabilities = {
    multiTouch: true,
    hitTest: true,
    type: true,
    paste: true,
    keys: [...KNOWN_KEYS],
    buttons: ['back', 'home'],
    screenshot: true,
    frames: true,
    record: false,
    platformVerbs: ['web.open', 'web.orientation'],
    reasons: { record: 'the web device has no recorder of its own; record its frames() stream' },
  };
  /** Timing of the last perform(): how late its events went out. */
  lastTouchTiming: TouchTiming | undefined;

  private readonly browser: Browser;
  private readonly page: Page;
  private readonly cdp: CDPSession;
  private readonly homeUrl: string;
  private readonly policy: UrlPolicy;
  private readonly refusals: RefusalLog;
  private readonly screencast: Screencast;
  private readonly drawScale: number;
  private readonly held = new Map<number, { x: number; y: number; id: number }>();
  /** Input actions run one at a time, so two gestures never interleave their fingers. */
  private inputChain: Promise<unknown> = Promise.resolve();
  /** When the last input action ended (performance clock): stillness counts from then at the earliest. */
  private lastInputAt = -Infinity;
  /** When the last input action started: the requests it may have caused start from then. */
  private inputStartedAt = -Infinity;
  private readonly stillness: StillnessWatch;
  /** The last capture, the page's look just before it was taken, and the painted surfaces read with it. */
  private lastCapture: { look: string; capture: CdpAxCapture; painted: Promise<Rect[]> } | undefined;
  /** The capture rawTree() last gave, with its painted surfaces, for the paintedRegions() that follows. */
  private described: { capture: CdpAxCapture; painted: Promise<Rect[]> } | undefined;
  /** The last capture as a Screen. */
  private lastScreen: { capture: CdpAxCapture; screen: Screen } | undefined;
  /** The gesture being sent, so releaseAll() and close() can cut it short. */
  private gesture: AbortController | undefined;
  private closed = false;
  /** Why the browser went away without close() (killed, crashed); undefined while it lives or after close(). */
  private lostReason: string | undefined;
  private readonly goneListeners: Array<(reason: string) => void> = [];
  private readonly infoListeners = new Set<() => void>();

  constructor(parts: WebDeviceParts) {
    this.info = parts.info;
    this.browser = parts.browser;
    this.page = parts.page;
    this.cdp = parts.cdp;
    this.homeUrl = parts.homeUrl;
    this.policy = parts.policy;
    this.refusals = parts.refusals;
    this.drawScale = parts.drawScale ?? 1;
    this.screencast = new Screencast(this.cdp, this.info.size);
    this.stillness = new StillnessWatch(this.page, parts.requests, parts.stillness);
    this.browser.on('disconnected', () => this.lose('the browser process ended'));
    this.page.on('crash', () => {
      this.lose('the page crashed');
      // A crashed page leaves its browser running: end it, so nothing is orphaned.
      void this.browser.close().catch(() => undefined);
    });
  }

  /**
   * Calls the listener once if the browser goes away without close() (killed, crashed): the
   * device is dead for good and answers DEVICE_UNAVAILABLE; its owner may launch a new one.
   */
  onGone(listener: (reason: string) => void): void {
    if (this.lostReason !== undefined) {
      const reason = this.lostReason;
      queueMicrotask(() => listener(reason));
      return;
    }
    this.goneListeners.push(listener);
  }

  private get viewport(): Size {
    return this.info.size;
  }

  /** The page's URL now. */
  get url(): string {
    return this.page.url();
  }

  /**
   * The same capture gives the same Screen object, so the session need not clean and probe an
   * unchanged screen again (its Observer keeps what it made of the last one).
   */
  async describe(): Promise<Screen> {
    const capture = await this.rawTree();
    if (this.lastScreen?.capture !== capture) this.lastScreen = { capture, screen: importCdpAx(capture) };
    return this.lastScreen.screen;
  }

  /**
   * The raw capture behind describe(): its JSON is a `cdp-ax` tree that `simlab outline --file`
   * reads. A page whose look (layout, scroll offsets, DOM mutations, focus, visibility, form
   * values, URL) is the one of the last capture gives that capture again, also after an input that
   * changed none of it (a tap on what was already selected): reading the tree and the layout
   * costs far more than asking the page whether anything changed. The look is the one
   * waitForStill() just found, when it came right before with no input since.
   */
  async rawTree(): Promise<CdpAxCapture> {
    return this.guard(async () => {
      const look = await this.stillness.look(Math.max(this.lastInputAt, this.inputStartedAt));
      const last = this.lastCapture;
      if (look !== undefined && last && last.look === look) {
        this.described = last;
        return last.capture;
      }
      // Where the page paints what its tree cannot see is asked for with the capture: the same moment, one round trip fewer.
      const painted = paintedSurfaces(this.cdp, this.viewport);
      painted.catch(() => undefined);
      const capture = await captureCdpAx(this.cdp, this.viewport, this.info.scale, this.drawScale);
      this.described = { capture, painted };
      this.lastCapture = look === undefined ? undefined : { look, capture, painted };
      return capture;
    });
  }

  async hitTest(point: Point): Promise<UiNode | null> {
    this.requirePoint(point);
    return this.guard(() => hitTestAt(this.cdp, point));
  }

  async hitScan(regions: Rect[]): Promise<UiNode[]> {
    const { w, h } = this.viewport;
    if (!Array.isArray(regions) || regions.length > 64 || !regions.every((r) => [r.x, r.y, r.w, r.h].every(Number.isFinite) && r.w > 0 && r.h > 0)) {
      throw new SimlabError('INVALID_ARGS', 'hitScan takes up to 64 rectangles with finite x, y and positive w, h');
    }
    // Only the screen is scanned: a region is cut to it.
    const onScreen = regions.map((r) => intersectRect(r, { x: 0, y: 0, w, h })).filter((r): r is Rect => r !== null);
    return this.guard(() => scanControls(this.cdp, onScreen));
  }

  /**
   * Canvases, videos and plugins on the screen: the page paints them, its tree cannot see into
   * them. Right after describe(), the ones read with its capture (once); else read now.
   */
  async paintedRegions(): Promise<Rect[]> {
    const described = this.described;
    this.described = undefined;
    return this.guard(() => described?.painted ?? paintedSurfaces(this.cdp, this.viewport));
  }

  async perform(timeline: AdmittedTimeline, options: PerformOptions = {}): Promise<void> {
    const steps = touchSteps(timeline);
    await this.input(async () => {
      options.signal?.throwIfAborted();
      // CDP takes touches in CSS px: each is mapped with the page's zoom; a pinch reads it afresh.
      let view = await readPageView(this.cdp).catch((err: unknown) => {
        throw this.unavailableOr(err, 'not_delivered');
      });
      const mapping = {
        map: (p: { x: number; y: number; id: number }) => ({ ...pointToViewportCss(view, p), id: p.id }),
        refresh: async () => {
          view = await readPageView(this.cdp);
        },
      };
      const gesture = new AbortController();
      this.gesture = gesture;
      try {
        const signal = options.signal ? AbortSignal.any([gesture.signal, options.signal]) : gesture.signal;
        this.lastTouchTiming = await sendTouchSteps(this.cdp, steps, this.held, mapping, signal);
      } catch (err) {
        await this.releaseFingers();
        throw this.unavailableOr(err, 'delivery_uncertain');
      } finally {
        this.gesture = undefined;
      }
    });
  }

  async type(text: string): Promise<void> {
    if (typeof text !== 'string') throw new SimlabError('INVALID_ARGS', 'type needs a text string');
    await this.input(() => this.page.keyboard.type(text));
  }

  /** Inserts text as one edit, without key events (emoji and any Unicode). */
  async paste(text: string): Promise<void> {
    if (typeof text !== 'string') throw new SimlabError('INVALID_ARGS', 'paste needs a text string');
    await this.input(() => this.cdp.send('Input.insertText', { text }));
  }

  async key(name: string): Promise<void> {
    const key = resolveKey(name, KNOWN_KEYS);
    await this.input(() => this.page.keyboard.press(key));
  }

  async button(button: 'back' | 'home'): Promise<void> {
    if (button === 'home') {
      await this.input(() => this.navigate(this.homeUrl));
      return;
    }
    if (button !== 'back') {
      throw new SimlabError('INVALID_ARGS', `unknown button "${String(button)}"`, { hint: 'Buttons: back, home' });
    }
    await this.input(async () => {
      const history = await this.cdp.send('Page.getNavigationHistory');
      const previous = history.entries[history.currentIndex - 1];
      // At the start of the history (the blank page the browser opened with) there is nowhere
      // to go back to, as on a phone's first screen.
      if (previous && previous.url !== 'about:blank') await this.cdp.send('Page.navigateToHistoryEntry', { entryId: previous.id });
    });
  }

  async platformVerb(verb: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (verb === 'web.orientation') {
      await this.setOrientation(args.orientation === 'landscape' ? 'landscape' : 'portrait');
      return { orientation: this.info.orientation, size: { ...this.info.size } };
    }
    if (verb !== 'web.open') throw new SimlabError('UNSUPPORTED', `${verb} is not a web verb`);
    await this.open(String(args.url));
    return { url: args.url };
  }

  /** Tells `listener` when the device's info changed (it turned); returns how to stop. */
  onInfoChange(listener: () => void): () => void {
    this.infoListeners.add(listener);
    return () => this.infoListeners.delete(listener);
  }

  /**
   * The `web.orientation` verb: the phone turns. The viewport's sides swap (the page gets its
   * resize, orientation media queries and screen.orientation), the stream follows, and the
   * device's info (size, orientation, name) changes for the hub to hear.
   */
  async setOrientation(orientation: Orientation): Promise<void> {
    if (orientation === this.info.orientation) return;
    const { w, h } = this.info.size;
    const size = orientation === 'landscape' ? { w: Math.max(w, h), h: Math.min(w, h) } : { w: Math.min(w, h), h: Math.max(w, h) };
    await this.input(() => this.page.setViewportSize({ width: size.w, height: size.h }));
    this.info.size = size;
    this.info.orientation = orientation;
    this.info.name = `${this.info.name.replace(/ \(landscape\)$/, '')}${orientation === 'landscape' ? ' (landscape)' : ''}`;
    this.screencast.resize(size);
    for (const listener of this.infoListeners) listener();
  }

  /** The `web.open` verb: load another URL in this device, if the lab's URL policy allows it. */
  async open(url: string): Promise<void> {
    if (typeof url !== 'string') throw new SimlabError('INVALID_ARGS', 'web.open needs a url string');
    const refusal = await this.policy.refusal(url);
    if (refusal !== undefined) {
      throw new SimlabError('FORBIDDEN', refusal, {
        delivery: 'not_delivered',
        hint: 'A web device opens http(s) pages of the allowed origins; an admin sets SIMLAB_WEB_ALLOW on the worker.',
        details: { url },
      });
    }
    await this.input(() => this.navigate(url));
  }

  /** Loads a URL; one the guard stopped (say, by a redirect to a refused host) is FORBIDDEN with the guard's reason. */
  private async navigate(url: string): Promise<void> {
    const seen = this.refusals.count;
    try {
      await navigate(this.page, url);
    } catch (err) {
      const refused = this.refusals.count > seen ? this.refusals.last : undefined;
      if (refused !== undefined && err instanceof SimlabError && /ERR_BLOCKED_BY_CLIENT/.test(String(err.options.details?.cause))) {
        throw new SimlabError('FORBIDDEN', `${url} led to ${refused.url}: ${refused.reason}`, {
          delivery: 'delivered_unverified',
          details: { url, refused: refused.url },
        });
      }
      throw err;
    }
  }

  /** Evaluates a JavaScript expression in the page and returns its value (for tests and tooling). */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    return this.guard(() => this.page.evaluate(expression) as Promise<T>);
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<ScreenshotResult> {
    const area = screenshotArea(options, this.viewport);
    const scale = options.scale ?? 1;
    const format = options.format ?? 'jpeg';
    return this.guard(async () => {
      // The clip is in document CSS px; its scale is image pixels per drawn pixel.
      const view = await readPageView(this.cdp);
      const k = view.scale;
      const shot = await this.screencast.duringScreenshot(() =>
        this.cdp.send('Page.captureScreenshot', {
          format,
          ...(format === 'jpeg' ? { quality: options.quality ?? JPEG_QUALITY } : {}),
          clip: { x: view.pageX + area.x / k, y: view.pageY + area.y / k, width: area.w / k, height: area.h / k, scale: (scale * k) / this.drawScale },
        }),
      );
      const data = Buffer.from(shot.data, 'base64');
      return { data, format, ...imageSize(data), origin: { x: area.x, y: area.y }, scale };
    });
  }

  frames(onFrame: (frame: Frame) => void, options?: StreamOptions): () => void {
    if (this.closed) throw this.unavailable('not_delivered');
    return this.screencast.subscribe(onFrame, options);
  }

  async appState(): Promise<AppState> {
    return this.guard(async () => {
      const capture = await captureLayout(this.cdp, this.viewport, this.info.scale, this.drawScale);
      return { url: capture.url, title: capture.title, scroll: capture.scroll };
    });
  }

  async waitForStill(options: WaitForStillOptions = {}): Promise<Stillness> {
    return this.guard(() =>
      this.stillness.wait({
        quietMs: options.quietMs ?? 250,
        timeoutMs: options.timeoutMs ?? 5000,
        lastInputAt: this.lastInputAt,
        inputStartedAt: this.inputStartedAt,
      }),
    );
  }

  /** Cuts a gesture in progress and lifts every finger (touchCancel). */
  async releaseAll(): Promise<void> {
    this.gesture?.abort(
      new SimlabError('INTERNAL', 'the gesture was cut short: its fingers were released', { delivery: 'delivery_uncertain' }),
    );
    await this.releaseFingers();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.gesture?.abort(new SimlabError('DEVICE_UNAVAILABLE', 'the web device closed during the gesture', { delivery: 'delivery_uncertain' }));
    await this.screencast.stop().catch(() => undefined);
    await this.releaseFingers();
    await this.browser.close().catch(() => undefined);
  }

  private lose(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.lostReason = reason;
    this.gesture?.abort(this.unavailable('delivery_uncertain'));
    this.held.clear();
    for (const listener of this.goneListeners.splice(0)) listener(reason);
  }

  private unavailable(delivery: 'not_delivered' | 'delivery_uncertain', cause?: unknown): SimlabError {
    const message = this.lostReason === undefined ? 'the web device is closed' : `the web device's browser is gone (${this.lostReason})`;
    return new SimlabError('DEVICE_UNAVAILABLE', message, {
      delivery,
      hint: 'The worker relaunches a web device whose browser died; list the devices again and retry.',
      ...(cause === undefined ? {} : { details: { cause: cause instanceof Error ? cause.message.split('\n')[0] : String(cause) } }),
    });
  }

  private async releaseFingers(): Promise<void> {
    if (this.held.size === 0) return;
    this.held.clear();
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] }).catch(() => undefined);
  }

  private requirePoint(p: Point): void {
    const { w, h } = this.viewport;
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y) || p.x < 0 || p.y < 0 || p.x >= w || p.y >= h) {
      throw new SimlabError('INVALID_ARGS', `point (${p?.x}, ${p?.y}) is off the ${w}x${h} screen`, { details: { point: p } });
    }
  }

  private input<T>(action: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(this.unavailable('not_delivered'));
    // An action queued behind one during which the browser died sends nothing.
    const start = () => {
      if (this.closed) return Promise.reject(this.unavailable('not_delivered'));
      this.stillness.inputStarting(this.lastInputAt);
      this.inputStartedAt = performance.now();
      return action();
    };
    const run = this.inputChain.then(start, start).finally(() => {
      this.lastInputAt = performance.now();
    });
    this.inputChain = run.catch(() => undefined);
    return run.catch((err: unknown) => {
      throw this.unavailableOr(err, 'delivery_uncertain');
    });
  }

  private async guard<T>(action: () => Promise<T>): Promise<T> {
    if (this.closed) throw this.unavailable('not_delivered');
    try {
      return await action();
    } catch (err) {
      throw this.unavailableOr(err, 'not_delivered');
    }
  }

  /** SimlabErrors pass through; a dead browser is DEVICE_UNAVAILABLE; anything else stays as it is. */
  private unavailableOr(err: unknown, delivery: 'not_delivered' | 'delivery_uncertain'): unknown {
    if (err instanceof SimlabError) return err;
    if (!this.closed && !this.browser.isConnected()) this.lose('the browser process ended');
    return this.closed ? this.unavailable(delivery, err) : err;
  }
}
