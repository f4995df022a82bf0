import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { doubleTap, pinch } from '../../../core/gestures/index.js';
import type { CDPSession } from 'playwright-core';
import { sendTouchSteps, touchSteps } from './touch.js';

/** Epoch seconds now, as the sender reads them. */
const epochNow = () => (performance.timeOrigin + performance.now()) / 1000;

/** Blocks the event loop, as a loaded machine does to the sender's timers. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

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

  it('stamps each event with the time the timeline meant, even when the events go out late and bunched', async () => {
    const steps = touchSteps({ fingers: [{ id: 0, points: [0, 20, 40, 60, 80].map((t) => ({ x: 10, y: 100 - t, t })) }] });
    const sent: Array<{ type: string; timestamp: number; at: number }> = [];
    const cdp = {
      send: (method: string, params: { type: string; timestamp: number }) => {
        assert.equal(method, 'Input.dispatchTouchEvent');
        sent.push({ type: params.type, timestamp: params.timestamp, at: epochNow() });
        // The first event holds the sender up past every later step's due time.
        if (sent.length === 1) busy(150);
        return Promise.resolve({});
      },
    } as unknown as CDPSession;
    const before = epochNow();
    const timing = await sendTouchSteps(cdp, steps, new Map());
    assert.ok(timing.maxLateMs >= 50, `the steps went out late (${timing.maxLateMs} ms)`);
    assert.deepEqual(sent.map((e) => e.type), steps.map((s) => s.type));
    const start = sent[0]?.timestamp ?? NaN;
    assert.ok(start >= before && start <= (sent[0]?.at ?? 0), 'the gesture starts when its first event leaves');
    for (const [i, e] of sent.entries()) {
      assert.ok(Math.abs((e.timestamp - start) * 1000 - (steps[i]?.t ?? NaN)) < 0.01, `event ${i} stamped ${(e.timestamp - start) * 1000} ms after the start, meant ${steps[i]?.t}`);
      assert.ok(e.timestamp <= e.at, `event ${i} is not stamped ahead of when it was sent`);
    }
    assert.ok((sent[1]?.at ?? 0) - (sent.at(-1)?.at ?? 0) > -0.02, 'the late events were sent together');
  });
});
