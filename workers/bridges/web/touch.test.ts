import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { doubleTap, pinch } from '../../../core/gestures/index.js';
import { touchSteps } from './touch.js';

describe('touch timeline to CDP touch events', () => {
  it('lands, moves and lifts two fingers with every finger down in each event', () => {
    const steps = touchSteps({
      fingers: [
        { id: 0, points: [{ x: 10, y: 10, t: 0 }, { x: 20, y: 10, t: 50 }, { x: 30, y: 10, t: 100 }] },
        { id: 1, points: [{ x: 50, y: 50, t: 50 }, { x: 60, y: 50, t: 80 }] },
      ],
    });
    assert.deepEqual(
      steps.map((s) => [s.t, s.type, s.touchPoints.map((p) => `${p.id}@${p.x}`).join(' ')]),
      [
        [0, 'touchStart', '0@10'],
        [50, 'touchStart', '0@20 1@50'],
        [80, 'touchMove', '0@20 1@60'],
        [80, 'touchEnd', '0@20'],
        [100, 'touchMove', '0@30'],
        [100, 'touchEnd', ''],
      ],
    );
  });

  it('sends a double tap as two touch sequences of the same finger', () => {
    const steps = touchSteps(doubleTap({ x: 5, y: 5 }, { holdMs: 40, gapMs: 100 }));
    assert.deepEqual(
      steps.map((s) => [s.t, s.type, s.touchPoints.length]),
      [
        [0, 'touchStart', 1],
        [40, 'touchEnd', 0],
        [140, 'touchStart', 1],
        [180, 'touchEnd', 0],
      ],
    );
  });

  it('keeps the schedule of a pinch: one event per sample, ending with both fingers up', () => {
    const timeline = pinch({ x: 100, y: 100 }, { startDistance: 50, scale: 2, ms: 320 });
    const steps = touchSteps(timeline);
    const times = new Set(timeline.fingers.flatMap((f) => f.points.map((p) => p.t)));
    assert.equal(steps.filter((s) => s.type !== 'touchEnd').length, times.size);
    assert.ok(steps.every((s, i) => i === 0 || s.t >= (steps[i - 1]?.t ?? 0)));
    assert.deepEqual(steps.at(-1), { t: 320, type: 'touchEnd', touchPoints: [] });
  });
});
