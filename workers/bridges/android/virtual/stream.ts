// One ADB stream as a service sees it: bytes from the host arrive in `reader`, `write` sends
// WRTE messages no larger than the negotiated payload and waits for the host's OKAY before the
// next (one write in flight), `close` sends CLSE once.
import { ByteReader } from './byte-reader.js';

export interface StreamLink {
  maxPayload(): number;
  sendWrite(localId: number, remoteId: number, data: Buffer): void;
  sendClose(localId: number, remoteId: number): void;
}

export class AdbStream {
  readonly reader = new ByteReader();
  private readonly aborter = new AbortController();
  private pendingAck: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closeSent = false;

  constructor(
    readonly localId: number,
    readonly remoteId: number,
    private readonly link: StreamLink,
  ) {}

  /** Aborted when the stream ends from either side or the connection drops. */
  get signal(): AbortSignal {
    return this.aborter.signal;
  }

  get closed(): boolean {
    return this.aborter.signal.aborted;
  }

  /** Resolves when every byte was acknowledged, or early (silently) if the stream closed. */
  write(data: Buffer | string): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.queue = this.queue.then(() => this.writeNow(bytes));
    return this.queue;
  }

  private async writeNow(bytes: Buffer): Promise<void> {
    for (let offset = 0; offset < bytes.length && !this.closed; ) {
      const chunk = bytes.subarray(offset, offset + this.link.maxPayload());
      offset += chunk.length;
      const acked = new Promise<void>((resolve) => (this.pendingAck = resolve));
      this.link.sendWrite(this.localId, this.remoteId, chunk);
      await acked;
    }
  }

  /** Closes from the device side after every queued write. */
  async end(): Promise<void> {
    await this.queue;
    this.close();
  }

  close(): void {
    if (!this.closeSent && !this.closed) {
      this.closeSent = true;
      this.link.sendClose(this.localId, this.remoteId);
    }
    this.terminate();
  }

  /** The host acknowledged our last WRTE. */
  acknowledge(): void {
    const ack = this.pendingAck;
    this.pendingAck = null;
    ack?.();
  }

  /** The host closed, or the connection is gone: stop everything without sending. */
  terminate(): void {
    if (this.closed) return;
    this.aborter.abort();
    this.reader.end();
    this.acknowledge();
  }
}
