import type { FrameMessage } from '../../core/wire/worker-protocol.js';

/**
 * Latest-wins frame forwarding to ONE viewer: a frame goes out only after the viewer acked the
 * previous one (it has painted it); frames arriving meanwhile replace each other in one slot. A
 * slow page therefore skips frames and never queues them, and never holds anyone else back.
 */
export class FrameRelay {
  private latest: FrameMessage | null = null;
  private inFlight = false;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Ours rather than socket.io's ack timeout, whose timer outlives a closed viewer and hub. */
  private ackTimer: NodeJS.Timeout | null = null;
  private closed = false;

  /**
   * @param send emits one frame and calls `done` once the viewer acked it (or gave up waiting).
   * @param minIntervalMs a floor between frames (thumbnails need few), 0 for as fast as acked.
   * @param ackTimeoutMs how long an unacked frame holds the next back (taken as lost then); none if absent.
   */
  constructor(
    private readonly send: (frame: FrameMessage, done: () => void) => void,
    private readonly minIntervalMs = 0,
    private readonly ackTimeoutMs?: number,
  ) {}

  push(frame: FrameMessage): void {
    if (this.closed) return;
    this.latest = frame;
    this.pump();
  }

  private pump(): void {
    if (this.closed || this.inFlight || !this.latest || this.timer) return;
    const wait = this.lastSentAt + this.minIntervalMs - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    const frame = this.latest;
    this.latest = null;
    this.inFlight = true;
    this.lastSentAt = Date.now();
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      if (this.ackTimer) clearTimeout(this.ackTimer);
      this.ackTimer = null;
      this.inFlight = false;
      this.pump();
    };
    if (this.ackTimeoutMs !== undefined) this.ackTimer = setTimeout(done, this.ackTimeoutMs);
    this.send(frame, done);
  }

  close(): void {
    this.closed = true;
    this.latest = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = null;
  }
}
