import type { OutlineJson } from '../../core/outline/json.js';
import { selectorsFor } from '../../core/selectors/index.js';
import { SimlabError, errorFromBody, type Envelope } from '../../core/contract/index.js';
import type { OutlineUpdate } from '../../core/wire/ui-protocol.js';

/** Runs the outline command for this viewer (with its lease, or its own watch scope). */
export type RunOutline = (args: { format: 'text' | 'json'; wait: boolean }) => Promise<Envelope>;

/** How often a watched outline is refreshed when no action prompted it. */
export const OUTLINE_POLL_MS = 2000;

function dataOf<T>(envelope: Envelope): T {
  if (!envelope.ok) throw errorFromBody(envelope.error);
  return envelope.data as T;
}

/**
 * One fresh outline of a device: the JSON (frames for the inspector, selectors added, shortest
 * first) and the text an agent reads, taken from the same screen (retried once if the screen
 * changed between the two reads).
 */
export async function readOutline(deviceId: string, run: RunOutline, wait: boolean): Promise<OutlineUpdate> {
  for (let attempt = 0; ; attempt++) {
    const json = dataOf<{ snapshot: string; outline: OutlineJson }>(await run({ format: 'json', wait }));
    const text = dataOf<{ snapshot: string; outline: string }>(await run({ format: 'text', wait: false }));
    if (text.snapshot !== json.snapshot && attempt === 0) continue;
    const snapshot = { id: json.snapshot, elements: json.outline.elements };
    return {
      deviceId,
      snapshot: text.snapshot,
      size: json.outline.size,
      text: text.outline,
      elements: json.outline.elements.map((el) => ({ ...el, selectors: selectorsFor(el, snapshot) })),
      at: Date.now(),
    };
  }
}

/**
 * Keeps one viewer's outline of one device live: read at once, after every action on the device
 * (waiting for the screen to settle), and every OUTLINE_POLL_MS otherwise; only changes are sent.
 * One read at a time; a poke during a read schedules one more.
 */
export class OutlineWatch {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again: boolean | null = null;
  private lastSnapshot: string | null = null;
  private closed = false;

  constructor(
    private readonly deviceId: string,
    private readonly run: RunOutline,
    private readonly emit: (update: OutlineUpdate) => void,
    private readonly problem: (message: string) => void,
  ) {
    this.poke(true);
  }

  /** Reads again now (`waitStill`: wait for the screen to be still first). */
  poke(waitStill: boolean): void {
    if (this.closed) return;
    if (this.running) {
      this.again = (this.again ?? false) || waitStill;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = true;
    readOutline(this.deviceId, this.run, waitStill)
      .then(
        (update) => {
          if (this.closed || update.snapshot === this.lastSnapshot) return;
          this.lastSnapshot = update.snapshot;
          this.emit(update);
        },
        (err: unknown) => {
          if (!this.closed) this.problem(err instanceof SimlabError || err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => {
        this.running = false;
        if (this.closed) return;
        const again = this.again;
        this.again = null;
        if (again !== null) this.poke(again);
        else this.timer = setTimeout(() => this.poke(false), OUTLINE_POLL_MS);
      });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
