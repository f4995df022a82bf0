// An awaitable reader over bytes that arrive in arbitrary pieces (a stream's WRTE payloads).

export class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private waiter: (() => void) | null = null;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.wake();
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  /** Exactly `n` bytes, or null when the stream ends first. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buffered < n) {
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  /** Whatever has arrived (at least one byte), or null when the stream ended with nothing left. */
  async readAvailable(): Promise<Buffer | null> {
    while (this.buffered === 0) {
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
    return this.read(this.buffered);
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }
}
