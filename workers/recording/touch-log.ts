import type { TouchTimeline } from '../../core/gestures/timeline.js';
import type { AdmittedTimeline } from '../../core/wire/admitted-timeline.js';
import type { DeviceBridge, PerformOptions } from '../bridge.js';

export interface LoggedTouch {
  /** When the bridge was asked to perform it (ms since the epoch). */
  at: number;
  timeline: TouchTimeline;
}

/** How long touches are kept: longer than any action's deadline. */
const KEEP_MS = 150_000;

/**
 * The touches a device performed, for the replay: the bridge handed to the device session is
 * wrapped so every `perform` is noted with its time, whatever gesture or selector produced it.
 */
export class TouchLog {
  private entries: LoggedTouch[] = [];

  wrap(bridge: DeviceBridge): DeviceBridge {
    return new Proxy(bridge, {
      get: (target, property) => {
        if (property === 'perform') {
          return (timeline: AdmittedTimeline, options?: PerformOptions) => {
            this.note(timeline);
            return target.perform(timeline, options);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** Touches started in [from, to]. */
  between(from: number, to: number): LoggedTouch[] {
    return this.entries.filter((e) => e.at >= from && e.at <= to);
  }

  private note(timeline: TouchTimeline): void {
    const now = Date.now();
    this.entries = this.entries.filter((e) => now - e.at < KEEP_MS);
    this.entries.push({ at: now, timeline });
  }
}
