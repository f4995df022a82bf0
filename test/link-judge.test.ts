import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LinkJudge } from '../app/lib/link-judge.js';

test('the stream falls back only when frames wait in the link, whatever the clocks differ by', () => {
  const judge = new LinkJudge();
  // A device clock 5 s behind the page: ages are large, but steady, so the link is fine.
  const steady = Array.from({ length: 40 }, (_, i) => judge.add(5000 + 40 + (i % 3) * 20));
  assert.ok(steady.every((short) => !short), 'a steady age, however large, is a good link');
  const verdicts = Array.from({ length: 16 }, (_, i) => judge.add(5000 + 40 + 200 + i * 60));
  assert.equal(verdicts.at(-1), true, 'frames arriving later and later (over 500 ms at the median) mean a short link');
  assert.equal(verdicts[0], false, 'one late frame is not enough');
  judge.reset();
  assert.equal(judge.add(5040), false, 'after a reset it judges afresh');
});
