import type { Frame } from '../bridge.js';

/** Longest wait for the socket to flush a frame before sending the next one anyway. */
const FLUSH_TIMEOUT_MS = 1000;

/**
 * Latest-wins frame forwarding for one device: while a frame is being flushed to the hub,
 * newer frames replace each other in a single slot, so a slow link shows the newest screen
 * instead of building a backlog.
 */
export class FrameStream {
  private latest: Frame | undefined;
  private sending = false;
  private stopped = false;

  /** `send` resolves once the frame has left (or could not leave) the socket. */
  constructor(private readonly send: (frame: Frame) => Promise<void>) {}

  push(frame: Frame): void {
    if (this.stopped) return;
    this.latest = frame;
    if (!this.sending) void this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.latest = undefined;
  }

  private async pump(): Promise<void> {
    this.sending = true;
    while (this.latest && !this.stopped) {
      const frame = this.latest;
      this.latest = undefined;
      await withTimeout(this.send(frame), FLUSH_TIMEOUT_MS);
    }
    this.sending = false;
  }
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
