import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { HelperReply, HelperRequest, touchEvents } from './ios-helper-protocol.js';

const vectors = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../native/ios/Tests/vectors/${name}.json`, import.meta.url), 'utf8')) as { valid: string[]; invalid: string[] };

test('the shared request vectors: valid ones parse, invalid ones are refused (the Swift side reads the same file)', () => {
  const v = vectors('requests');
  for (const line of v.valid) assert.ok(HelperRequest.safeParse(JSON.parse(line)).success, line);
  for (const line of v.invalid) assert.ok(!HelperRequest.safeParse(JSON.parse(line)).success, line);
});

test('the shared reply vectors: valid ones parse, invalid ones are refused', () => {
  const v = vectors('replies');
  for (const line of v.valid) assert.ok(HelperReply.safeParse(JSON.parse(line)).success, line);
  for (const line of v.invalid) assert.ok(!HelperReply.safeParse(JSON.parse(line)).success, line);
});

test('a two-finger timeline becomes events in time order, touch-downs before lifts at one instant', () => {
  const events = touchEvents([
    { id: 1, points: [{ x: 250, y: 400, t: 0 }, { x: 300, y: 400, t: 300 }] },
    { id: 0, points: [{ x: 150, y: 400, t: 0 }, { x: 100, y: 400, t: 300 }] },
  ]);
  assert.deepEqual(
    events.map((e) => `${e.t}:${e.finger}:${e.phase}`),
    ['0:0:down', '0:1:down', '300:0:move', '300:1:move', '300:0:up', '300:1:up'],
  );
  assert.ok(HelperRequest.safeParse({ id: 1, op: 'touch', events }).success);
});

test('a tap (one point) is a down and an up at the same instant', () => {
  assert.deepEqual(touchEvents([{ id: 0, points: [{ x: 10, y: 20, t: 0 }] }]), [
    { t: 0, finger: 0, phase: 'down', x: 10, y: 20 },
    { t: 0, finger: 0, phase: 'up', x: 10, y: 20 },
  ]);
});
