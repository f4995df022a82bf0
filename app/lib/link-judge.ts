/** Frames judged together: about a second of a moving screen. */
const WINDOW = 16;
/** Frames arriving this much later than the link's best, at the median, mean the link cannot carry them. */
const SHORT_MS = 500;
/**
 * Tells when the link is too slow for sharp frames, from frame ages alone: the age at paint
 * (device clock to page clock) minus the smallest age seen is the time a frame waited in the
 * link, whatever the clocks' difference. Frames acked only once painted (FrameCanvas) queue
 * nowhere else, so a link short of bandwidth shows as that wait growing.
 */
export class LinkJudge {
  private best = Infinity;
  private waits: number[] = [];

  /** A painted frame's age; true when the recent frames say the link is short. */
  add(ageMs: number): boolean {
    this.best = Math.min(this.best, ageMs);
    this.waits.push(ageMs - this.best);
    if (this.waits.length > WINDOW) this.waits.shift();
    if (this.waits.length < WINDOW) return false;
    const sorted = [...this.waits].sort((a, b) => a - b);
    return (sorted[Math.floor(WINDOW / 2)] ?? 0) > SHORT_MS;
  }

  reset(): void {
    this.waits = [];
  }
}

