import { notableStates } from '../../core/outline/format.js';
import type { OutlineJson } from '../../core/outline/json.js';
import { selectorsFor } from '../../core/selectors/index.js';
import { SimlabError, errorFromBody, type Envelope } from '../../core/contract/index.js';
import type { OutlineUpdate } from '../../core/wire/ui-protocol.js';

/** Runs the outline command for this viewer (with its lease, or its own watch scope). */
export type RunOutline = () => Promise<Envelope>;

/** How often a watched outline is refreshed when no action prompted it. */
export const OUTLINE_POLL_MS = 2000;
/** How soon an outline of a screen that was not still is read again, to show it once it settles. */
const UNSETTLED_POLL_MS = 500;

function dataOf<T>(envelope: Envelope): T {
  if (!envelope.ok) throw errorFromBody(envelope.error);
  return envelope.data as T;
}

/**
 * One fresh outline of a device, without waiting for the screen to be still: the JSON (frames
 * for the inspector, selectors added, shortest first, states worded as in the text) and the
 * text an agent reads, both of one snapshot from one look.
 */
export async function readOutline(deviceId: string, run: RunOutline): Promise<OutlineUpdate> {
  const read = dataOf<{ snapshot: string; outline: OutlineJson; text: string }>(await run());
  const snapshot = { id: read.snapshot, elements: read.outline.elements };
  return {
    deviceId,
    snapshot: read.snapshot,
    size: read.outline.size,
    still: read.outline.still?.still ?? false,
    text: read.text,
    elements: read.outline.elements.map((el) => ({ ...el, selectors: selectorsFor(el, snapshot), notes: notableStates(el) })),
    at: Date.now(),
  };
}

/**
 * Keeps one viewer's outline of one device live: read at once, after every action on the device,
 * and every OUTLINE_POLL_MS otherwise (sooner while the screen is not still); only changes of the
 * screen or of its stillness are sent. It never waits for the screen to be still: a wait would
 * hold the device (and the next tap) for up to its timeout on a busy screen, and a page must show
 * an outline within a second; the outline says "not still" until a later read finds it still.
 * One read at a time; a poke during a read schedules one more.
 */
export class OutlineWatch {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private last: string | null = null;
  private closed = false;

  constructor(
    private readonly deviceId: string,
    private readonly run: RunOutline,
    private readonly emit: (update: OutlineUpdate) => void,
    private readonly problem: (message: string) => void,
  ) {
    this.poke();
  }

  /** Reads again now. */
  poke(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = true;
    let still = true;
    readOutline(this.deviceId, this.run)
      .then(
        (update) => {
          still = update.still;
          const seen = `${update.snapshot} ${update.still}`;
          if (this.closed || seen === this.last) return;
          this.last = seen;
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
        this.again = false;
        if (again) this.poke();
        else this.timer = setTimeout(() => this.poke(), still ? OUTLINE_POLL_MS : UNSETTLED_POLL_MS);
      });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
