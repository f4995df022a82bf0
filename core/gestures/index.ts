export * from './timeline.js';
export { FRAME_MS } from './sampling.js';
export * from './taps.js';
export * from './moves.js';
export * from './two-finger.js';
export * from './validate.js';
export { MAX_GESTURE_MS, MAX_SCROLL_DRAGS, MAX_TIMELINE_POINTS } from './limits.js';
