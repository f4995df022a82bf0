import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLIP_LEAD_MS, CLIP_TAIL_MS, clipLengthError, stepsClip } from './clip-range.js';

const at = (recordingId: string, startMs: number, endMs: number, settledMs?: number) => ({ media: { recordingId, startMs, endMs, ...(settledMs === undefined ? {} : { settledMs }), touches: [] } });

describe('clip ranges', () => {
  const actions = [at('r1', 1000, 1400, 1300), at('r1', 3000, 3500, 3900), { media: null }, at('r2', 200, 600)];

  it('steps from..to span from just before the first began to just after the last settled', () => {
    assert.deepEqual(stepsClip(actions, 1, 2), { recordingId: 'r1', startMs: 1000 - CLIP_LEAD_MS, endMs: 3900 + CLIP_TAIL_MS });
    assert.deepEqual(stepsClip(actions, 4, 4), { recordingId: 'r2', startMs: 0, endMs: 600 + CLIP_TAIL_MS }, 'never before the video starts');
  });

  it('says why when the steps cannot be cut: not a range, past the end, unrecorded, across recordings', () => {
    assert.match(String(stepsClip(actions, 2, 1)), /not a range/);
    assert.match(String(stepsClip(actions, 0, 1)), /not a range/);
    assert.match(String(stepsClip(actions, 1.5, 2)), /not a range/);
    assert.match(String(stepsClip(actions, 4, 9)), /has 4 steps/);
    assert.match(String(stepsClip(actions, 3, 3)), /not recorded/);
    assert.match(String(stepsClip(actions, 2, 4)), /different recordings/);
  });

  it('bounds the length per format: a GIF at most 30 s, an MP4 5 min, neither under 100 ms', () => {
    assert.equal(clipLengthError(0, 30_000, 'gif'), undefined);
    assert.match(clipLengthError(0, 30_001, 'gif') ?? '', /GIF clip lasts at most 30 s/);
    assert.equal(clipLengthError(0, 300_000, 'mp4'), undefined);
    assert.match(clipLengthError(0, 300_001, 'mp4') ?? '', /at most 300 s/);
    assert.match(clipLengthError(500, 550, 'mp4') ?? '', /at least 100 ms/);
    assert.match(clipLengthError(900, 100, 'gif') ?? '', /at least/);
  });
});
