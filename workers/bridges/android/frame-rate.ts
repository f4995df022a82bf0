// The frame rate a stream delivered, over its last few seconds: what `devices` reports as
// measured, kept after the stream stops.
const WINDOW_MS = 5000;

export class FrameRate {
  private times: number[] = [];
  private last: number | null = null;

  /** Counts a frame delivered now. */
  tick(now = performance.now()): void {
    this.times.push(now);
    while (this.times.length > 0 && (this.times[0] as number) < now - WINDOW_MS) this.times.shift();
    if (this.times.length >= 2) {
      const span = (this.times[this.times.length - 1] as number) - (this.times[0] as number);
      if (span > 0) this.last = Math.round(((this.times.length - 1) * 1000 * 10) / span) / 10;
    }
  }

  /** Frames per second over the last window that streamed; null before two frames came. */
  get fps(): number | null {
    return this.last;
  }
}
