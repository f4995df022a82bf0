import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/envelope.js';
import { MAX_GESTURE_MS, MAX_SCROLL_DRAGS, MAX_TIMELINE_POINTS } from './limits.js';
import { preciseDrag, scrollBy, swipe } from './moves.js';
import { longPress } from './taps.js';
import { pinch } from './two-finger.js';
import { validateTimeline } from './validate.js';

const invalid = (e: unknown): boolean => e instanceof SimlabError && e.code === 'INVALID_ARGS';
const phone = { x: 0, y: 0, w: 390, h: 844 };

describe('gesture limits: no request builds a huge timeline (issue 18, item 2)', () => {
  it('scroll-by 1e12 is refused at once, without building a drag per screen', () => {
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    assert.throws(() => scrollBy(phone, { dy: 1e12 }), (e: unknown) => invalid(e) && /at most 24/.test((e as Error).message));
    assert.ok(performance.now() - started < 50, 'refused in well under 50 ms');
    assert.ok(process.memoryUsage().heapUsed - before < 10_000_000, 'nothing large was allocated');
  });

  it('a tiny region cannot turn a modest scroll into thousands of drags', () => {
    assert.throws(() => scrollBy({ x: 0, y: 0, w: 2, h: 2 }, { dy: 5000 }), invalid);
    assert.ok(scrollBy(phone, { dy: 5000 }).length <= MAX_SCROLL_DRAGS);
  });

  it('durations past the limit are refused by every generator', () => {
    assert.throws(() => swipe({ x: 1, y: 1 }, { x: 2, y: 2 }, MAX_GESTURE_MS + 1), invalid);
    assert.throws(() => longPress({ x: 1, y: 1 }, 1e12), invalid);
    assert.throws(() => pinch({ x: 100, y: 100 }, { startDistance: 100, scale: 2, ms: 1e9 }), invalid);
    assert.throws(() => preciseDrag({ x: 0, y: 0 }, { x: 1e9, y: 0 }), invalid);
  });

  it('validateTimeline refuses too many points and too long a gesture before walking them', () => {
    const many = { fingers: [{ id: 0, points: Array.from({ length: MAX_TIMELINE_POINTS + 1 }, (_, i) => ({ x: 1, y: 1, t: i / 1000 })) }] };
    assert.throws(() => validateTimeline(many, { w: 390, h: 844 }), (e: unknown) => invalid(e) && /points/.test((e as Error).message));
    const long = { fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 0 }, { x: 1, y: 1, t: MAX_GESTURE_MS + 1 }] }] };
    assert.throws(() => validateTimeline(long, { w: 390, h: 844 }), invalid);
  });
});
