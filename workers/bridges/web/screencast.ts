import type { CDPSession } from 'playwright-core';
import type { StreamOptions } from '../../../core/wire/worker-protocol.js';
import type { Frame } from '../../bridge.js';
import { imageSize } from './image-size.js';
import { deliverFrame } from '../../deliver-frame.js';

interface ScreencastFrameEvent {
  data: string;
  sessionId: number;
  metadata: { timestamp?: number };
}

/** Without options: one image pixel per point, like the default screenshot. */
const DEFAULT_SCALE = 1;
const DEFAULT_QUALITY = 60;

/**
 * Live JPEG frames from `Page.startScreencast`, only while someone listens. Every frame is
 * acknowledged (Chromium sends the next one only then) right after it was handed to the
 * listeners, so nothing queues here: a slow listener simply sees fewer, newer frames. The
 * frames are as sharp and as good as the most demanding listener asks (scale up to 3x).
 */
export class Screencast {
  private readonly listeners = new Map<(frame: Frame) => void, StreamOptions>();
  /** The size and quality the running screencast was started with. */
  private current = { scale: DEFAULT_SCALE, quality: DEFAULT_QUALITY };
  /** Start and stop requests run one after another. */
  private chain: Promise<unknown> = Promise.resolve();
  private running = false;
  /** Set by a screenshot: the next frames may be at its scale, and a fresh one is due after it. */
  private capturing = 0;

  constructor(
    private readonly cdp: CDPSession,
    private size: { w: number; h: number },
  ) {
    cdp.on('Page.screencastFrame', (event: ScreencastFrameEvent) => this.onFrame(event));
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  subscribe(onFrame: (frame: Frame) => void, options: StreamOptions = {}): () => void {
    this.listeners.set(onFrame, options);
    this.sync();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.listeners.delete(onFrame);
      this.sync();
    };
  }

  /**
   * Runs a screenshot. Chromium renders the screencast's frames at a screenshot's scale while it
   * captures (a thumbnail made 140 px frames), and on a still screen no later frame would
   * replace them: such frames are dropped, and the screencast restarts after the capture so
   * the viewers get the screen at the stream's size again.
   */
  async duringScreenshot<T>(capture: () => Promise<T>): Promise<T> {
    this.capturing += 1;
    try {
      return await capture();
    } finally {
      this.capturing -= 1;
      if (this.capturing === 0 && this.running) this.restart();
    }
  }

  /** The screen turned: frames come at the new size from now on. */
  resize(size: { w: number; h: number }): void {
    this.size = size;
    this.restart();
  }

  /** Stops for good (the device is closing). */
  async stop(): Promise<void> {
    this.listeners.clear();
    this.sync();
    await this.chain;
  }

  /** What the listeners ask for together: the largest scale and the best quality. */
  private wanted(): { scale: number; quality: number } {
    const all = [...this.listeners.values()];
    return {
      scale: Math.max(DEFAULT_SCALE, ...all.map((o) => o.scale ?? DEFAULT_SCALE)),
      quality: Math.max(...all.map((o) => o.quality ?? DEFAULT_QUALITY)),
    };
  }

  private sync(): void {
    this.chain = this.chain.then(async () => {
      const want = this.listeners.size > 0;
      if (!want) {
        if (this.running) await this.cdp.send('Page.stopScreencast');
        this.running = false;
        return;
      }
      const wanted = this.wanted();
      if (this.running && wanted.scale === this.current.scale && wanted.quality === this.current.quality) return;
      if (this.running) await this.cdp.send('Page.stopScreencast');
      this.current = wanted;
      this.running = true;
      await this.cdp.send('Page.startScreencast', this.params());
    }).catch(() => undefined);
  }

  private restart(): void {
    this.chain = this.chain.then(async () => {
      if (!this.running) return;
      await this.cdp.send('Page.stopScreencast');
      await this.cdp.send('Page.startScreencast', this.params());
    }).catch(() => undefined);
  }

  private params() {
    const { scale, quality } = this.current;
    return { format: 'jpeg' as const, quality, maxWidth: Math.round(this.size.w * scale), maxHeight: Math.round(this.size.h * scale), everyNthFrame: 1 };
  }

  private onFrame(event: ScreencastFrameEvent): void {
    const data = Buffer.from(event.data, 'base64');
    const { width, height } = imageSize(data);
    // A frame narrower than the stream while a screenshot runs is rendered at the screenshot's scale.
    const shrunk = this.capturing > 0 && width < this.size.w * this.current.scale - 1 && height < this.size.h * this.current.scale - 1;
    if (this.running && this.listeners.size > 0 && !shrunk) {
      const timestamp = event.metadata.timestamp ? Math.round(event.metadata.timestamp * 1000) : Date.now();
      const frame: Frame = { data, format: 'jpeg', timestamp, width, height };
      deliverFrame(this.listeners.keys(), frame);
    }
    this.cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
  }
}
