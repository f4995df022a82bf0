import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byteRangeOf } from './byte-range.js';

test('one byte range of a Range header, clamped to the body; several or malformed ranges mean the whole body', () => {
  assert.deepEqual(byteRangeOf('bytes=0-99', 1000), { start: 0, end: 100 });
  assert.deepEqual(byteRangeOf('bytes=900-', 1000), { start: 900, end: 1000 });
  assert.deepEqual(byteRangeOf('bytes=-100', 1000), { start: 900, end: 1000 });
  assert.deepEqual(byteRangeOf('bytes=990-5000', 1000), { start: 990, end: 1000 });
  assert.equal(byteRangeOf(undefined, 1000), null);
  assert.equal(byteRangeOf('bytes=0-1,5-9', 1000), null);
  assert.equal(byteRangeOf('items=0-1', 1000), null);
  assert.equal(byteRangeOf('bytes=-', 1000), null);
  assert.throws(() => byteRangeOf('bytes=1000-', 1000), /outside the 1000 bytes/);
  assert.throws(() => byteRangeOf('bytes=999999999999-', 1000), /outside/);
  assert.equal(byteRangeOf('bytes=9999999999999999-', 1000), null, 'numbers past 15 digits are not read');
});
