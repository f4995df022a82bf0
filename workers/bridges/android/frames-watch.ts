// Tells when a device's live frames have stopped by themselves: its recorder was started again
// and again and gave nothing each time (screenrecord refused, the device went away), or its
// captures kept failing, with no frame in between. Once that many failures came in a row, the
// stream is lost, once, with the last reason; a frame starts the count again. Opens after the
// loss wait a second each, so a recorder that cannot start is not restarted in a tight loop.
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** Failures in a row with no frame between them that make the stream lost. */
export const LOST_AFTER_FAILURES = 3;
/** A recorder's stream that ends having sent less than this said why it could not record (H.264 starts with a key frame of several KB). */
const MIN_STREAM_BYTES = 1024;
const RETRY_WHEN_LOST_MS = 1000;

export class FramesWatch {
  private failures = 0;
  private lostWith: string | undefined;

  constructor(private readonly onLost: (reason: string) => void) {}

  /** Why the stream was lost, while it stays lost. */
  get lost(): string | undefined {
    return this.lostWith;
  }

  /** A frame came (or nobody listens any more): the count starts again. */
  frame(): void {
    this.failures = 0;
    this.lostWith = undefined;
  }

  failure(reason: string): void {
    this.failures++;
    if (this.failures < LOST_AFTER_FAILURES || this.lostWith) return;
    this.lostWith = reason;
    this.onLost(reason);
  }

  /** Opens a recorder's stream, counting an open that fails and a stream that ends having said only a few bytes. */
  async open(opening: () => Promise<Duplex>, name: string): Promise<Duplex> {
    if (this.lostWith) await sleep(RETRY_WHEN_LOST_MS);
    let stream: Duplex;
    try {
      stream = await opening();
    } catch (err) {
      this.failure(`${name} could not start: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
    let head = Buffer.alloc(0);
    let bytes = 0;
    // Counted beside the consumer's pipe, attached in the same turn: no byte is missed or taken.
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (head.length < 300) head = Buffer.concat([head, chunk]).subarray(0, 300);
    });
    stream.once('close', () => {
      // A stream that carried video shows the recorder works: the count starts again.
      if (bytes >= MIN_STREAM_BYTES) {
        this.failures = 0;
        return;
      }
      const said = head.toString('utf8').replace(/[^\x20-\x7e]+/g, ' ').trim();
      this.failure(`${name} ended at once${said ? `, saying: ${said.slice(0, 200)}` : ' without a word'}`);
    });
    return stream;
  }
}
