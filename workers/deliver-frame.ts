import type { Frame } from './bridge.js';

/** Gives a frame to every listener; a listener's failure is its own, and the others still get the frame. */
export function deliverFrame(listeners: Iterable<(frame: Frame) => void>, frame: Frame): void {
  for (const listener of listeners) {
    try {
      listener(frame);
    } catch {
      // Nothing to do here: the listener's owner sees its own failure.
    }
  }
}
