/**
 * Caps on every generated or submitted touch timeline (DESIGN.md section 8: every timeline
 * is bounded), so no request can make a worker build a huge gesture or hold a device for
 * minutes. They are checked before anything is built or sent.
 */

/** Most touch screens track five fingers, and the web device is configured with five touch points. */
export const MAX_FINGERS = 5;
/** Finger ids the wire accepts (core/wire/commands.ts PerformArgs). */
export const MAX_FINGER_ID = 9;
/** The longest a gesture may last, first touch to last lift. */
export const MAX_GESTURE_MS = 60_000;
/** Most points in one timeline, over all its fingers. */
export const MAX_TIMELINE_POINTS = 25_000;
/** Most drags one scroll-by round may make; a larger distance is refused, not sliced into thousands of drags. */
export const MAX_SCROLL_DRAGS = 24;
