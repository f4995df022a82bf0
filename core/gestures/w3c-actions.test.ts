import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as gestures from './index.js';
import { pinchTimeline, rotateTimeline } from './two-finger-fit.js';
import type { TouchTimeline } from './timeline.js';
import { timelineOfW3c, w3cPointerActions } from './w3c-actions.js';

const size = { w: 400, h: 800 };

/** Every finger's points, rounded, for comparing a timeline with its round trip. */
function shape(t: TouchTimeline): string[] {
  return t.fingers
    .map((f) => f.points.map((p) => `${Math.round(p.x)},${Math.round(p.y)}@${Math.round(p.t)}`).join(' '))
    .sort();
}

test('every source has the same number of ticks, and the ticks add up to the timeline length', () => {
  const timeline = pinchTimeline({ x: 200, y: 400 }, 2, 300, size);
  const sources = w3cPointerActions(timeline);
  assert.equal(sources.length, 2);
  assert.equal(sources[0]!.actions.length, sources[1]!.actions.length);
  let total = 0;
  for (let k = 0; k < sources[0]!.actions.length; k++) {
    total += Math.max(...sources.map((s) => { const a = s.actions[k]!; return 'duration' in a ? a.duration : 0; }));
  }
  assert.equal(total, 300);
});

test('pinch, rotate, double tap, long press and a drag survive the round trip through W3C actions', () => {
  const cases: TouchTimeline[] = [
    pinchTimeline({ x: 200, y: 400 }, 2, 300, size),
    rotateTimeline({ x: 200, y: 400 }, 90, 400, size),
    gestures.doubleTap({ x: 100, y: 100 }),
    gestures.longPress({ x: 50, y: 60 }, 800),
    gestures.preciseDrag({ x: 10, y: 10 }, { x: 200, y: 300 }),
    gestures.twoFingerTap({ x: 200, y: 400 }),
  ];
  for (const timeline of cases) {
    const back = timelineOfW3c(w3cPointerActions(timeline));
    assert.deepEqual(shape(back), shape(timeline));
  }
});

test('scale turns points into device pixels', () => {
  const [source] = w3cPointerActions(gestures.tap({ x: 10, y: 20 }), 2.625);
  assert.deepEqual(source!.actions[0], { type: 'pointerMove', duration: 0, x: 26.25, y: 52.5, origin: 'viewport' });
  assert.deepEqual(source!.actions.slice(1).map((a) => a.type), ['pointerDown', 'pointerMove', 'pointerUp'], 'held for the tap\'s 50 ms');
});
