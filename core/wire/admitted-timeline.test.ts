import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/envelope.js';
import { tap } from '../gestures/taps.js';
import type { TouchTimeline } from '../gestures/timeline.js';
import { admit } from './admission.js';
import { admitTimeline } from './admitted-timeline.js';

const SCREEN = { w: 390, h: 844 };
const invalid = (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS';

describe('admitTimeline: the only way to a timeline a bridge performs', () => {
  it('refuses what validateTimeline refuses (no fingers, off screen, one id twice at once)', () => {
    assert.throws(() => admitTimeline({ fingers: [] }, SCREEN), invalid);
    assert.throws(() => admitTimeline({ fingers: [{ id: 0, points: [{ x: 10, y: 10, t: 0 }, { x: 10, y: 900, t: 50 }] }] }, SCREEN), invalid);
    const twice = { fingers: [0, 0].map((id) => ({ id, points: [{ x: 10, y: 10, t: 0 }, { x: 20, y: 20, t: 100 }] })) };
    assert.throws(() => admitTimeline(twice, SCREEN), invalid);
  });

  it('answers a copy: changing the caller’s timeline afterwards cannot reach the device', () => {
    const timeline = tap({ x: 100, y: 200 });
    const admitted = admitTimeline(timeline, SCREEN);
    assert.deepEqual(admitted, timeline);
    (timeline.fingers[0]!.points[0] as { x: number }).x = 5000;
    timeline.fingers.push({ id: 1, points: [{ x: -1, y: -1, t: 0 }] });
    assert.equal(admitted.fingers.length, 1);
    assert.equal(admitted.fingers[0]!.points[0]!.x, 100);
  });

  it('keeps only fingers, ids and timed points', () => {
    const extra = { fingers: [{ id: 0, points: [{ x: 1, y: 2, t: 0, pressure: 9 }], note: 'x' }], speed: 3 } as unknown as TouchTimeline;
    assert.deepEqual(admitTimeline(extra, SCREEN), { fingers: [{ id: 0, points: [{ x: 1, y: 2, t: 0 }] }] });
  });

  it('admit() answers a perform with its admitted timeline', () => {
    const caps = { multiTouch: true, hitTest: false, type: true, paste: false, keys: [], buttons: [], screenshot: true, frames: false, record: false, platformVerbs: [] };
    const raw = tap({ x: 50, y: 60 });
    const { args } = admit('perform', raw, { platform: 'web', size: SCREEN, capabilities: caps });
    assert.deepEqual(args, raw);
    assert.notEqual(args, raw);
  });
});
