// Live frames by taking screenshots one after another (`screencap -p`, scaled to one pixel per
// point as JPEG), only while someone listens: the path of last resort, as fast as the device
// answers.
import sharp from 'sharp';
import type { Frame } from '../../bridge.js';
import { deliverFrame } from '../../deliver-frame.js';

export interface ScreencapFramesOptions {
  /** `screencap -p`'s PNG bytes. */
  capture: () => Promise<Buffer>;
  /** Output frame size (points: one image pixel per point). */
  size: { w: number; h: number };
  onError?: (err: unknown) => void;
}

/** A pause after a failed capture before the next try. */
const RETRY_MS = 500;

export class ScreencapFrames {
  private readonly listeners = new Set<(frame: Frame) => void>();
  private running = false;

  constructor(private readonly options: ScreencapFramesOptions) {}

  subscribe(onFrame: (frame: Frame) => void): () => void {
    this.listeners.add(onFrame);
    if (!this.running) void this.loop();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.listeners.delete(onFrame);
    };
  }

  stop(): void {
    this.listeners.clear();
  }

  private async loop(): Promise<void> {
    this.running = true;
    const width = Math.round(this.options.size.w);
    const height = Math.round(this.options.size.h);
    try {
      while (this.listeners.size > 0) {
        try {
          const png = await this.options.capture();
          const data = await sharp(png).resize(width, height, { fit: 'fill' }).jpeg({ quality: 70 }).toBuffer();
          const frame: Frame = { data, format: 'jpeg', timestamp: Date.now(), width, height };
          deliverFrame(this.listeners, frame);
        } catch (err) {
          this.options.onError?.(err);
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    } finally {
      this.running = false;
    }
  }
}
