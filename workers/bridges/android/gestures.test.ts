// Gestures from the core generators arrive on the virtual device as they were made: two-finger
// MT-B sequences (sendevent) for pinch and rotate, timed motionevents for a precise drag.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pinch, preciseDrag, rotate, twoFingerLongPress, type TouchTimeline } from '../../../core/gestures/index.js';
import type { Gesture } from './virtual/index.js';
import { labForSuite } from './test-support/lab.js';
import { DeviceSession } from '../../session/device-session.js';
import { admitTimeline } from '../../../core/wire/admitted-timeline.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';

const PX = 440 / 160;

/** Each reconstructed finger (pixels) against the generator's finger (points). */
function assertSamePaths(got: Gesture, want: TouchTimeline, tolerancePt: number): void {
  assert.equal(got.fingers.length, want.fingers.length, 'finger count');
  want.fingers.forEach((finger, i) => {
    const path = got.fingers[i]?.points ?? [];
    assert.equal(path.length, finger.points.length, `finger ${i}: points`);
    finger.points.forEach((p, k) => {
      const q = path[k] as { x: number; y: number };
      const off = Math.hypot(q.x / PX - p.x, q.y / PX - p.y);
      assert.ok(off <= tolerancePt, `finger ${i} point ${k}: (${(q.x / PX).toFixed(2)}, ${(q.y / PX).toFixed(2)}) is ${off.toFixed(2)} pt from (${p.x.toFixed(2)}, ${p.y.toFixed(2)})`);
    });
    const ts = path.map((p) => p.t);
    assert.ok(ts.every((t, k) => k === 0 || t >= (ts[k - 1] as number)), `finger ${i}: time runs forward`);
  });
}

describe('gestures on the virtual Android device (real adb server, adbkit)', { skip: withoutFixtures() }, () => {
  const lab = labForSuite();

  it('a pinch arrives as one two-finger MT-B gesture whose reconstructed paths match the generator', async () => {
    const { vd, device } = await lab().open();
    const timeline = pinch({ x: 196, y: 380 }, { startDistance: 100, scale: 2, ms: 300 });
    await device.perform(admitTimeline(timeline, device.info.size));
    const g = vd.device.gestures.at(-1);
    assert.ok(g);
    assert.equal(g.source, 'sendevent');
    assertSamePaths(g, timeline, 0.5);
    const [a, b] = g.fingers.map((f) => f.points);
    const spread = (i: number) => Math.hypot((a?.[i]?.x ?? 0) - (b?.[i]?.x ?? 0), (a?.[i]?.y ?? 0) - (b?.[i]?.y ?? 0)) / PX;
    assert.ok(Math.abs(spread(0) - 100) < 1, `start distance ${spread(0)}`);
    assert.ok(Math.abs(spread((a?.length ?? 1) - 1) - 200) < 1, `end distance ${spread((a?.length ?? 1) - 1)}`);
    assert.equal(vd.device.gestures.filter((x) => x.source === 'sendevent').length, 1, 'one gesture, not one per finger');
  });

  it('a rotation arrives on an arc: the fingers keep their distance while the angle turns', async () => {
    const { vd, device } = await lab().open();
    const center = { x: 196, y: 380 };
    const timeline = rotate(center, { radius: 80, degrees: 90, ms: 400 });
    await device.perform(admitTimeline(timeline, device.info.size));
    const g = vd.device.gestures.at(-1);
    assert.ok(g && g.source === 'sendevent');
    assertSamePaths(g, timeline, 0.5);
    const [a, b] = g.fingers.map((f) => f.points);
    assert.ok(a && b && a.length === b.length);
    for (let i = 0; i < a.length; i++) {
      const d = Math.hypot((a[i] as { x: number }).x - (b[i] as { x: number }).x, (a[i] as { y: number }).y - (b[i] as { y: number }).y) / PX;
      assert.ok(Math.abs(d - 160) < 1, `step ${i}: finger distance ${d.toFixed(2)} pt`);
    }
    const angle = (p: { x: number; y: number }) => (Math.atan2(p.y / PX - center.y, p.x / PX - center.x) * 180) / Math.PI;
    const raw = angle(a[a.length - 1] as { x: number; y: number }) - angle(a[0] as { x: number; y: number });
    const turned = ((raw % 360) + 540) % 360 - 180;
    assert.ok(Math.abs(turned - 90) < 1, `turned ${turned.toFixed(2)} degrees`);
  });

  it('a precise drag arrives as timed motionevents: every point, in order, none before its time', async () => {
    const { vd, device } = await lab().open();
    const timeline = preciseDrag({ x: 100, y: 600 }, { x: 100, y: 400 }, { stepPts: 40, stepMs: 40, holdMoves: 4, holdStepMs: 20 });
    const before = vd.device.inputEvents.length;
    // The device runs in this process: its clock maps onto ours exactly.
    const startedAt = vd.device.now();
    await device.perform(admitTimeline(timeline, device.info.size));
    const events = vd.device.inputEvents.slice(before).filter((e) => e.kind === 'motion') as Array<{ action: string; x: number; y: number; at: number }>;
    const points = timeline.fingers[0]?.points ?? [];
    assert.equal(events.length, points.length);
    assert.deepEqual(events.map((e) => e.action), points.map((_, i) => (i === 0 ? 'DOWN' : i === points.length - 1 ? 'UP' : 'MOVE')));
    events.forEach((e, i) => {
      const p = points[i] as { x: number; y: number; t: number };
      assert.ok(Math.abs(e.x / PX - p.x) <= 0.5 && Math.abs(e.y / PX - p.y) <= 0.5, `point ${i}`);
      const at = e.at - startedAt;
      assert.ok(at >= p.t, `event ${i} arrived ${at.toFixed(1)} ms into the gesture, planned for ${p.t} ms`);
    });
    const g = vd.device.gestures.at(-1);
    assert.equal(g?.source, 'motionevent');
  });

  it('releaseAll lifts a finger held in a long press', async () => {
    const { vd, device } = await lab().open();
    const hold = device.perform(admitTimeline({ fingers: [{ id: 0, points: [{ x: 50, y: 50, t: 0 }, { x: 50, y: 50, t: 3000 }] }] }, device.info.size));
    while (!vd.device.inputEvents.some((e) => e.kind === 'motion' && e.action === 'DOWN')) await new Promise((r) => setTimeout(r, 10));
    const outcome = hold.then(() => null, (err: unknown) => err);
    await device.releaseAll();
    assert.match(String(((await outcome) as Error | null)?.message), /cut short/);
    const last = vd.device.inputEvents.at(-1);
    assert.equal(last?.kind === 'motion' ? last.action : last?.kind, 'CANCEL');
  });

  it('releaseAll lifts both fingers of a two-finger hold (tracking id -1 on every slot)', async () => {
    const { vd, device } = await lab().open();
    const hold = device.perform(admitTimeline(twoFingerLongPress({ x: 196, y: 380 }, { ms: 5000 }), device.info.size));
    const outcome = hold.then(() => null, (err: unknown) => err);
    while (!vd.device.commands.some((c) => c.argv[0] === 'sendevent' && c.argv[3] === String(0x39) && c.argv[4] !== '-1')) await new Promise((r) => setTimeout(r, 10));
    const before = vd.device.gestures.length;
    await device.releaseAll();
    assert.match(String(((await outcome) as Error | null)?.message), /cut short/);
    const g = vd.device.gestures.at(-1);
    assert.equal(vd.device.gestures.length, before + 1, 'the held gesture ended');
    assert.equal(g?.fingers.length, 2);
  });

  it('pinch and rotate commands through the device session arrive as two-finger MT-B gestures', async () => {
    const { vd, device } = await lab().open();
    const session = new DeviceSession(device);
    const spread = (g: Gesture, i: number) => {
      const [a, b] = g.fingers.map((f) => f.points);
      const k = i < 0 ? (a?.length ?? 0) + i : i;
      return Math.hypot((a?.[k]?.x ?? 0) - (b?.[k]?.x ?? 0), (a?.[k]?.y ?? 0) - (b?.[k]?.y ?? 0));
    };
    const pinched = await session.execute('pinch', { scale: 2 });
    assert.equal(pinched.ok, true, JSON.stringify(pinched).slice(0, 400));
    const p = vd.device.gestures.at(-1) as Gesture;
    assert.equal(p.source, 'sendevent');
    assert.equal(p.fingers.length, 2);
    assert.ok(Math.abs(spread(p, -1) / spread(p, 0) - 2) < 0.05, `pinch ratio ${spread(p, -1) / spread(p, 0)}`);
    const turned = await session.execute('rotate', { degrees: 90 });
    assert.equal(turned.ok, true, JSON.stringify(turned).slice(0, 400));
    const r = vd.device.gestures.at(-1) as Gesture;
    assert.equal(r.fingers.length, 2);
    const d0 = spread(r, 0);
    for (let i = 0; i < (r.fingers[0]?.points.length ?? 0); i++) assert.ok(Math.abs(spread(r, i) - d0) < 3, `rotate step ${i}: ${spread(r, i)} vs ${d0} px`);
    await session.close();
  });
});
