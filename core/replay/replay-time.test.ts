import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextSpeed, stepAtTime, stepFromHash, touchMarksAt, type PlacedAction } from './replay-time.js';

const tap = (startMs: number, x: number, y: number): PlacedAction => ({
  media: { recordingId: 'r1', startMs, endMs: startMs + 300, touches: [{ atMs: startMs + 50, fingers: [{ id: 0, points: [{ x, y, t: 0 }, { x, y, t: 80 }] }] }] },
});
const swipe: PlacedAction = {
  media: { recordingId: 'r1', startMs: 5000, endMs: 6000, touches: [{ atMs: 5000, fingers: [{ id: 0, points: [{ x: 0, y: 100, t: 0 }, { x: 0, y: 300, t: 200 }] }] }] },
};
const actions: PlacedAction[] = [tap(1000, 10, 20), { media: null }, tap(3000, 30, 40), swipe];

test('the step playing at a time is the last action started by then in that recording', () => {
  assert.equal(stepAtTime(actions, 'r1', 500), -1);
  assert.equal(stepAtTime(actions, 'r1', 1000), 0);
  assert.equal(stepAtTime(actions, 'r1', 2999), 0);
  assert.equal(stepAtTime(actions, 'r1', 3100), 2);
  assert.equal(stepAtTime(actions, 'r1', 99_000), 3);
  assert.equal(stepAtTime(actions, 'r2', 3100), -1, 'another recording places none of them');
});

test('touches are drawn while the finger is down and linger a little after it lifts', () => {
  assert.deepEqual(touchMarksAt(actions, 'r1', 1040), []);
  assert.deepEqual(touchMarksAt(actions, 'r1', 1060), [{ path: [{ x: 10, y: 20 }, { x: 10, y: 20 }], now: { x: 10, y: 20 } }]);
  assert.deepEqual(touchMarksAt(actions, 'r1', 1500), [{ path: [{ x: 10, y: 20 }, { x: 10, y: 20 }], now: null }], 'lifted, still shown');
  assert.deepEqual(touchMarksAt(actions, 'r1', 1800), []);
  assert.deepEqual(touchMarksAt(actions, 'r1', 5100)[0]?.now, { x: 0, y: 200 }, 'half way along the swipe');
});

test('speeds step up and down within their range; #step=N names a step from 1', () => {
  assert.equal(nextSpeed(1, 1), 1.5);
  assert.equal(nextSpeed(1, -1), 0.5);
  assert.equal(nextSpeed(4, 1), 4);
  assert.equal(nextSpeed(0.25, -1), 0.25);
  assert.equal(stepFromHash('#step=7', 10), 6);
  assert.equal(stepFromHash('#step=0', 10), null);
  assert.equal(stepFromHash('#step=11', 10), null);
  assert.equal(stepFromHash('#other', 10), null);
});
