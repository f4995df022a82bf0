import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePoint, parseTarget, targetFrom } from './targets.js';

test('a pair of numbers is a point; anything else is a selector', () => {
  assert.deepEqual(parseTarget('100,200'), { x: 100, y: 200 });
  assert.deepEqual(parseTarget(' 12.5 , -3 '), { x: 12.5, y: -3 });
  assert.equal(parseTarget('@7'), '@7');
  assert.equal(parseTarget('#3'), '#3');
  assert.equal(parseTarget('text="1,2"'), 'text="1,2"');
  assert.equal(parsePoint('1,2,3'), undefined);
});

test('--xy and a selector exclude each other, and one of them is needed', () => {
  assert.deepEqual(targetFrom('@7', undefined), { ok: true, target: '@7' });
  assert.deepEqual(targetFrom(undefined, '10,20'), { ok: true, target: { x: 10, y: 20 } });
  assert.equal(targetFrom('@7', '10,20').ok, false);
  assert.equal(targetFrom(undefined, undefined).ok, false);
  const bad = targetFrom(undefined, 'ten,20');
  assert.equal(bad.ok, false);
  assert.match(bad.ok ? '' : bad.message, /--xy wants/);
});
