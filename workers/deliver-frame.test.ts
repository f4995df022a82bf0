import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame } from './bridge.js';
import { deliverFrame } from './deliver-frame.js';

test('a listener that throws does not keep the frame from the others', () => {
  const frame: Frame = { data: Buffer.from([1]), format: 'jpeg', timestamp: 1, width: 1, height: 1 };
  const got: string[] = [];
  deliverFrame([() => got.push('a'), () => { throw new Error('broken listener'); }, () => got.push('c')], frame);
  assert.deepEqual(got, ['a', 'c']);
});
