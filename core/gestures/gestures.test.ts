import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/envelope.js';
import type { Point } from '../model/geometry.js';
import {
  doubleTap, edgeSwipe, fling, flingPath, longPress, mostFingersDown, pinch, preciseDrag, rotate, scrollBy, swipe, tap,
  twoFingerLongPress, twoFingerTap, validateTimeline, type FingerPath, type TouchTimeline,
} from './index.js';
import { pinchTimeline, rotateTimeline } from './two-finger-fit.js';

const SCREEN = { w: 390, h: 844 };
const C = { x: 195, y: 420 };
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

function finger(t: TouchTimeline, i: number): FingerPath {
  const f = t.fingers[i];
  assert.ok(f, `finger ${i} exists`);
  return f;
}

function rejects(t: unknown, pattern: RegExp) {
  assert.throws(
    () => validateTimeline(t as TouchTimeline, SCREEN),
    (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS' && pattern.test(e.message),
  );
}

describe('single-finger gestures', () => {
  it('tap is one finger down and up at the same place after holdMs', () => {
    const t = tap(C, { holdMs: 70 });
    assert.deepEqual(t, { fingers: [{ id: 0, points: [{ ...C, t: 0 }, { ...C, t: 70 }] }] });
  });

  it('double tap is two sequential touches of finger 0 separated by the gap', () => {
    const t = doubleTap(C, { gapMs: 120 });
    assert.equal(t.fingers.length, 2);
    assert.deepEqual(t.fingers.map((f) => f.id), [0, 0]);
    const firstUp = finger(t, 0).points.at(-1)?.t ?? NaN;
    const secondDown = finger(t, 1).points[0]?.t ?? NaN;
    assert.equal(secondDown - firstUp, 120);
    validateTimeline(t, SCREEN);
  });

  it('long press holds still for the requested time', () => {
    const pts = finger(longPress(C, 900), 0).points;
    assert.equal(pts.at(-1)?.t, 900);
    assert.ok(pts.every((p) => p.x === C.x && p.y === C.y));
  });

  it('swipe samples about every 16 ms along the straight line and ends at the target', () => {
    const to = { x: 195, y: 100 };
    const pts = finger(swipe(C, to, 300), 0).points;
    for (let i = 1; i < pts.length; i++) {
      const dt = (pts[i]?.t ?? 0) - (pts[i - 1]?.t ?? 0);
      assert.ok(dt > 14 && dt <= 17, `step ${i} lasts ${dt} ms`);
    }
    assert.deepEqual(pts.at(-1), { ...to, t: 300 });
  });

  it('fling releases while moving fast: the last moves are as fast as the average', () => {
    const pts = finger(fling({ x: 195, y: 700 }, { x: 195, y: 200 }, 100), 0).points;
    const last = pts.at(-1) as Point & { t: number };
    const before = pts.at(-2) as Point & { t: number };
    const speed = dist(last, before) / (last.t - before.t);
    assert.ok(Math.abs(speed - 5) < 1e-9, `release speed ${speed} pt/ms`);
  });

  it('a fling path crosses the middle half of its region the way the finger moves', () => {
    const region = { x: 0, y: 100, w: 400, h: 600 };
    assert.deepEqual(flingPath(region, 'up'), [{ x: 200, y: 550 }, { x: 200, y: 250 }]);
    assert.deepEqual(flingPath(region, 'down'), [{ x: 200, y: 250 }, { x: 200, y: 550 }]);
    assert.deepEqual(flingPath(region, 'left'), [{ x: 300, y: 400 }, { x: 100, y: 400 }]);
    assert.deepEqual(flingPath(region, 'right'), [{ x: 100, y: 400 }, { x: 300, y: 400 }]);
  });

  it('precise drag moves in even steps of at most stepPts every stepMs, then holds the end', () => {
    const from = { x: 200, y: 700 };
    const to = { x: 200, y: 400 };
    const pts = finger(preciseDrag(from, to), 0).points;
    const steps = Math.ceil(300 / 20);
    for (let i = 1; i <= steps; i++) {
      const a = pts[i - 1] as Point & { t: number };
      const b = pts[i] as Point & { t: number };
      assert.ok(Math.abs(dist(a, b) - 20) < 1e-9, `step ${i} moves ${dist(a, b)}`);
      assert.equal(b.t - a.t, 32);
    }
    assert.deepEqual({ x: pts[steps]?.x, y: pts[steps]?.y }, to);
    const hold = pts.slice(steps + 1, steps + 17);
    assert.equal(hold.length, 16);
    hold.forEach((p, k) => {
      assert.equal(p.t - (pts[steps + k]?.t ?? NaN), 16);
      assert.equal(p.x, to.x);
      assert.equal(p.y - to.y, k % 2 === 0 ? -0.5 : 0.5, `hold move ${k} alternates around the end`);
    });
    assert.equal(pts.length, steps + 18);
    assert.deepEqual({ x: pts.at(-1)?.x, y: pts.at(-1)?.y }, to);
  });

  it('edge swipe lands just inside the edge and moves inward', () => {
    const t = edgeSwipe('left', SCREEN);
    const pts = finger(t, 0).points;
    assert.equal(pts[0]?.x, 1);
    assert.ok(Math.abs((pts.at(-1)?.x ?? 0) - (1 + 390 * 0.4)) < 1e-9);
    validateTimeline(t, SCREEN);
    const up = finger(edgeSwipe('bottom', SCREEN, { distance: 200 }), 0).points;
    assert.equal(up[0]?.y, 843);
    assert.equal(up.at(-1)?.y, 643);
  });

  it('scroll-by moves the finger against the scroll, split into drags that fit the region', () => {
    const region = { x: 0, y: 100, w: 390, h: 600 };
    const drags = scrollBy(region, { dy: 900 });
    assert.equal(drags.length, 3);
    let travel = 0;
    for (const d of drags) {
      const pts = finger(d, 0).points;
      travel += (pts[0]?.y ?? 0) - (pts.at(-1)?.y ?? 0);
      assert.ok(pts.every((p) => p.y >= region.y && p.y <= region.y + region.h));
      validateTimeline(d, SCREEN);
    }
    assert.ok(Math.abs(travel - 900) < 1e-9);
  });
});

describe('two-finger gestures', () => {
  it('rotate keeps both fingers on the arc (distance within 1% of 2r, also between samples) and ends at the angle', () => {
    for (const [degrees, ms] of [[90, 800], [-90, 800], [180, 800], [360, 800], [720, 300]] as const) {
      const t = rotate(C, { radius: 80, degrees, ms });
      const a = finger(t, 0).points;
      const b = finger(t, 1).points;
      assert.equal(a.length, b.length);
      for (let i = 0; i < a.length; i++) {
        const pa = a[i] as Point;
        const pb = b[i] as Point;
        assert.ok(Math.abs(dist(pa, pb) / 160 - 1) < 0.01, `${degrees}°: distance at sample ${i}`);
        assert.ok(Math.abs(dist({ x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 }, C)) < 1e-9, 'mirrored around the centre');
        if (i > 0) {
          const qa = a[i - 1] as Point;
          const qb = b[i - 1] as Point;
          // A platform interpolates linearly between samples: the midpoints must stay on the arc too.
          const ma = { x: (pa.x + qa.x) / 2, y: (pa.y + qa.y) / 2 };
          const mb = { x: (pb.x + qb.x) / 2, y: (pb.y + qb.y) / 2 };
          assert.ok(Math.abs(dist(ma, mb) / 160 - 1) < 0.01, `${degrees}°: distance between samples ${i - 1} and ${i}`);
        }
      }
      const end = b.at(-1) as Point;
      const angle = (Math.atan2(end.y - C.y, end.x - C.x) * 180) / Math.PI;
      const expected = ((degrees % 360) + 540) % 360 - 180;
      assert.ok(Math.abs(((angle - expected + 540) % 360) - 180) < 1e-6, `${degrees}° ends at ${angle}°`);
      assert.equal(b.at(-1)?.t, ms);
    }
  });

  it('pinch keeps the fingers mirrored on the line and ends at startDistance * scale', () => {
    for (const scale of [2, 0.5]) {
      const t = pinch(C, { startDistance: 100, scale, angleDeg: 30 });
      const a = finger(t, 0).points;
      const b = finger(t, 1).points;
      assert.ok(Math.abs(dist(a[0] as Point, b[0] as Point) - 100) < 1e-9);
      assert.ok(Math.abs(dist(a.at(-1) as Point, b.at(-1) as Point) - 100 * scale) < 1e-9);
      for (let i = 0; i < a.length; i++) {
        const pa = a[i] as Point;
        const pb = b[i] as Point;
        assert.ok(Math.abs((pa.x + pb.x) / 2 - C.x) < 1e-9 && Math.abs((pa.y + pb.y) / 2 - C.y) < 1e-9);
        assert.ok(Math.abs(Math.atan2(pb.y - pa.y, pb.x - pa.x) - Math.PI / 6) < 1e-9);
      }
      assert.equal(a.at(-1)?.t, 600);
    }
  });

  it('two-finger tap and long press are stationary pinches with fingers 0 and 1', () => {
    const tapT = twoFingerTap(C);
    const press = twoFingerLongPress(C, { ms: 900 });
    for (const t of [tapT, press]) {
      assert.deepEqual(t.fingers.map((f) => f.id), [0, 1]);
      const [a0, a1] = finger(t, 0).points;
      const [b0, b1] = finger(t, 1).points;
      assert.deepEqual([a0?.x, a0?.y], [a1?.x, a1?.y]);
      assert.deepEqual([b0?.x, b0?.y], [b1?.x, b1?.y]);
      assert.ok(Math.abs(dist(a0 as Point, b0 as Point) - 60) < 1e-9);
      validateTimeline(t, SCREEN);
    }
    assert.equal(finger(press, 0).points.at(-1)?.t, 900);
  });

  it('generators reject bad arguments with INVALID_ARGS', () => {
    const bad = (fn: () => unknown) =>
      assert.throws(fn, (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS');
    bad(() => tap({ x: NaN, y: 1 }));
    bad(() => rotate(C, { radius: 0, degrees: 90 }));
    bad(() => pinch(C, { startDistance: 100, scale: -1 }));
    bad(() => swipe(C, C, 0));
    bad(() => scrollBy({ x: 0, y: 0, w: 100, h: 100 }, {}));
  });
});

describe('validateTimeline', () => {
  const good = (): TouchTimeline => ({ fingers: [{ id: 0, points: [{ x: 10, y: 10, t: 0 }, { x: 20, y: 20, t: 16 }] }] });

  it('accepts every generated gesture on a phone screen', () => {
    for (const t of [tap(C), doubleTap(C), longPress(C), swipe(C, { x: 10, y: 10 }), preciseDrag(C, { x: 195, y: 100 }),
      pinch(C, { startDistance: 80, scale: 3 }), rotate(C, { radius: 100, degrees: 720 }), good()]) {
      validateTimeline(t, SCREEN);
    }
  });

  it('rejects a gesture with no fingers', () => {
    rejects({ fingers: [] }, /no fingers/);
    rejects({}, /no fingers/);
  });
  it('rejects an empty path', () => rejects({ fingers: [{ id: 0, points: [] }] }, /empty path/));
  it('rejects times that go back', () =>
    rejects({ fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 20 }, { x: 2, y: 2, t: 10 }] }] }, /time goes back/));
  it('rejects negative and non-finite values', () => {
    rejects({ fingers: [{ id: 0, points: [{ x: 1, y: 1, t: -5 }] }] }, /before the start/);
    rejects({ fingers: [{ id: 0, points: [{ x: 1, y: Infinity, t: 0 }] }] }, /finite/);
  });
  it('rejects points off the screen', () => {
    rejects({ fingers: [{ id: 0, points: [{ x: 390, y: 10, t: 0 }] }] }, /off the 390x844 screen/);
    rejects({ fingers: [{ id: 0, points: [{ x: 10, y: -1, t: 0 }] }] }, /off the/);
  });
  it('rejects more than five fingers down at once, but not six sequential touches', () => {
    const six = (overlap: boolean): TouchTimeline => ({
      fingers: Array.from({ length: 6 }, (_, i) => ({
        id: i,
        points: overlap ? [{ x: 10 + i, y: 10, t: 0 }, { x: 10 + i, y: 10, t: 50 }] : [{ x: 10, y: 10, t: i * 100 }, { x: 10, y: 10, t: i * 100 + 50 }],
      })),
    });
    rejects(six(true), /more than 5 fingers/);
    validateTimeline(six(false), SCREEN);
  });
  it('rejects one id used by two paths at overlapping times', () => {
    rejects({ fingers: [good().fingers[0], { id: 0, points: [{ x: 5, y: 5, t: 10 }, { x: 5, y: 5, t: 40 }] }] }, /both use id 0/);
  });
  it('rejects ids the wire cannot carry', () => rejects({ fingers: [{ id: 1.5, points: [{ x: 1, y: 1, t: 0 }] }] }, /id must be/));
});

describe('fingers down at once', () => {
  it('counts the most fingers touching together: a pinch two, a double tap one', () => {
    assert.equal(mostFingersDown(pinch(C, { startDistance: 100, scale: 2 })), 2);
    assert.equal(mostFingersDown(doubleTap(C)), 1);
  });
  it('counts a touch-down at the instant another finger lifts as both down', () => {
    const at = (id: number, t0: number, t1: number): FingerPath => ({ id, points: [{ x: 1, y: 1, t: t0 }, { x: 1, y: 1, t: t1 }] });
    assert.equal(mostFingersDown({ fingers: [at(0, 0, 50), at(1, 50, 90)] }), 2);
    assert.equal(mostFingersDown({ fingers: [at(0, 0, 50), at(1, 51, 90)] }), 1);
  });
});

describe('two-finger gestures fitted to the screen', () => {
  const onScreen = (t: TouchTimeline) => t.fingers.every((f) => f.points.every((p) => p.x >= 0 && p.y >= 0 && p.x < SCREEN.w && p.y < SCREEN.h));
  it('keeps both fingers of a pinch and a rotation on the screen near an edge', () => {
    const nearEdge = { x: 40, y: 420 };
    const zoom = pinchTimeline(nearEdge, 2, 300, SCREEN);
    assert.ok(onScreen(zoom));
    assert.ok(Math.abs(dist(finger(zoom, 0).points.at(-1) as Point, finger(zoom, 1).points.at(-1) as Point) / dist(finger(zoom, 0).points[0] as Point, finger(zoom, 1).points[0] as Point) - 2) < 1e-6);
    assert.ok(onScreen(rotateTimeline(nearEdge, 90, 300, SCREEN)));
  });
  it('refuses a pinch or rotation with no room for two fingers', () => {
    assert.throws(() => pinchTimeline({ x: 5, y: 420 }, 2, 300, SCREEN), (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS');
    assert.throws(() => rotateTimeline({ x: 195, y: 4 }, 90, 300, SCREEN), (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS');
  });
});
