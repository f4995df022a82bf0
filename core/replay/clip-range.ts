import type { PlacedAction } from './replay-time.js';

/** A clip starts this long before its first step, so the screen it acted on is seen. */
export const CLIP_LEAD_MS = 500;
/** ...and ends this long after its last step settled. */
export const CLIP_TAIL_MS = 1000;
/** Longest clip per format: a GIF is for a PR comment, an MP4 for a bug report. */
export const CLIP_MAX_MS = { mp4: 5 * 60_000, gif: 30_000 } as const;
/** Shortest clip (one frame's worth is no clip). */
export const CLIP_MIN_MS = 100;

export type ClipFormat = keyof typeof CLIP_MAX_MS;

export interface ClipRange {
  recordingId: string;
  startMs: number;
  endMs: number;
}

/**
 * The stretch of video that shows steps `from`..`to` (1-based, both included): from just before
 * the first began to just after the last settled. A string says why there is none.
 */
export function stepsClip(actions: readonly PlacedAction[], from: number, to: number): ClipRange | string {
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 1 && to >= from)) return `steps ${from}-${to} are not a range of step numbers from 1`;
  if (to > actions.length) return `the session has ${actions.length} steps`;
  const picked = actions.slice(from - 1, to);
  const first = picked[0]?.media;
  const last = picked[picked.length - 1]?.media;
  if (!first || !last) return 'those steps were not recorded';
  if (picked.some((a) => a.media?.recordingId !== first.recordingId)) return 'those steps are in different recordings: cut one recording at a time';
  return { recordingId: first.recordingId, startMs: Math.max(0, first.startMs - CLIP_LEAD_MS), endMs: Math.max(last.endMs, last.settledMs ?? 0) + CLIP_TAIL_MS };
}

/** Why a clip of this length cannot be cut in this format, or undefined when it can. */
export function clipLengthError(startMs: number, endMs: number, format: ClipFormat): string | undefined {
  const ms = endMs - startMs;
  if (!(ms >= CLIP_MIN_MS)) return `a clip lasts at least ${CLIP_MIN_MS} ms (asked ${ms} ms)`;
  if (ms > CLIP_MAX_MS[format]) return `a ${format.toUpperCase()} clip lasts at most ${CLIP_MAX_MS[format] / 1000} s (asked ${(ms / 1000).toFixed(1)} s)`;
  return undefined;
}
