import type { ActionMedia } from '../wire/recording-protocol.js';

/** What the replay needs of an action: its place in a recording, if it has one. */
export interface PlacedAction {
  media: ActionMedia | null;
}

/** How long a finished touch stays drawn over the video, so a tap is seen and not just flashed. */
export const TOUCH_LINGER_MS = 600;

/** The index of the action playing at `ms` of a recording: the last one started by then, or -1. */
export function stepAtTime(actions: readonly PlacedAction[], recordingId: string, ms: number): number {
  let found = -1;
  actions.forEach((a, i) => {
    if (a.media?.recordingId === recordingId && a.media.startMs <= ms) found = i;
  });
  return found;
}

export interface TouchMark {
  /** The finger's whole path in screen points. */
  path: Array<{ x: number; y: number }>;
  /** Where the finger is at this moment; null once it lifted (the path lingers a little). */
  now: { x: number; y: number } | null;
}

/** Where a path's finger is `t` ms after the gesture began (linear between its timed points), or null outside it. */
function pointAt(points: ActionMedia['touches'][number]['fingers'][number]['points'], t: number): { x: number; y: number } | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || t < first.t || t > last.t) return null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (t <= b.t) {
      const k = b.t === a.t ? 1 : (t - a.t) / (b.t - a.t);
      return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
    }
  }
  return { x: last.x, y: last.y };
}

/** The touches to draw over the video at `ms`: every finger path that is down, or lifted within the linger. */
export function touchMarksAt(actions: readonly PlacedAction[], recordingId: string, ms: number): TouchMark[] {
  const marks: TouchMark[] = [];
  for (const a of actions) {
    if (a.media?.recordingId !== recordingId) continue;
    for (const touch of a.media.touches) {
      for (const finger of touch.fingers) {
        const end = finger.points[finger.points.length - 1]?.t ?? 0;
        const t = ms - touch.atMs;
        if (t < (finger.points[0]?.t ?? 0) || t > end + TOUCH_LINGER_MS) continue;
        marks.push({ path: finger.points.map((p) => ({ x: p.x, y: p.y })), now: pointAt(finger.points, t) });
      }
    }
  }
  return marks;
}

/** Playback speeds `[` and `]` step through. */
export const SPEEDS = [0.25, 0.5, 1, 1.5, 2, 4] as const;

export function nextSpeed(current: number, direction: 1 | -1): number {
  const i = SPEEDS.findIndex((s) => s >= current);
  const at = i === -1 ? SPEEDS.length - 1 : i;
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, at + direction))]!;
}

/** The 0-based step a `#step=N` URL hash names (N counts from 1), or null. */
export function stepFromHash(hash: string, count: number): number | null {
  const m = /(?:^#|&)step=(\d{1,6})(?:&|$)/.exec(hash);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= count ? n - 1 : null;
}
