import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameMessage } from '../../core/wire/worker-protocol.js';
import { FrameRelay } from './frame-relay.js';

const frame = (n: number): FrameMessage => ({ deviceId: 'd', timestamp: n, width: 1, height: 1, data: new Uint8Array([n]) });

test('a viewer that has not acked gets nothing more; then only the newest frame, none of those in between', () => {
  const sent: number[] = [];
  const acks: Array<() => void> = [];
  const relay = new FrameRelay((f, done) => {
    sent.push(f.timestamp);
    acks.push(done);
  });
  relay.push(frame(1));
  for (let n = 2; n <= 9; n++) relay.push(frame(n));
  assert.deepEqual(sent, [1], 'one frame in flight at a time');
  acks.shift()?.();
  assert.deepEqual(sent, [1, 9], 'after the ack, the latest frame wins');
  acks.shift()?.();
  assert.deepEqual(sent, [1, 9], 'nothing is resent');
  relay.push(frame(10));
  assert.deepEqual(sent, [1, 9, 10]);
});

test('two viewers are independent: a slow one never holds back a fast one', () => {
  const fast: number[] = [];
  const slow: number[] = [];
  const fastRelay = new FrameRelay((f, done) => {
    fast.push(f.timestamp);
    done();
  });
  const slowRelay = new FrameRelay((f) => slow.push(f.timestamp));
  for (let n = 1; n <= 5; n++) {
    fastRelay.push(frame(n));
    slowRelay.push(frame(n));
  }
  assert.deepEqual(fast, [1, 2, 3, 4, 5]);
  assert.deepEqual(slow, [1]);
});

test('a rate ceiling spaces frames out and still ends on the newest; a double ack counts once; close stops it', async () => {
  const sent: number[] = [];
  const relay = new FrameRelay((f, done) => {
    sent.push(f.timestamp);
    done();
    done();
  }, 40);
  relay.push(frame(1));
  relay.push(frame(2));
  relay.push(frame(3));
  assert.deepEqual(sent, [1]);
  await new Promise((r) => setTimeout(r, 80));
  assert.deepEqual(sent, [1, 3]);
  relay.close();
  relay.push(frame(4));
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(sent, [1, 3]);
});

test('a frame not acked within the ack timeout counts as lost and the newest goes out; an ack after that counts for nothing', async () => {
  const sent: number[] = [];
  const acks: Array<() => void> = [];
  const relay = new FrameRelay(
    (f, done) => {
      sent.push(f.timestamp);
      acks.push(done);
    },
    0,
    100,
  );
  relay.push(frame(1));
  relay.push(frame(2));
  relay.push(frame(3));
  // Polled well inside frame 3's own ack timeout, whose timer is always due after the next poll.
  for (let i = 0; i < 200 && sent.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(sent, [1, 3]);
  acks[0]!();
  relay.push(frame(4));
  assert.deepEqual(sent, [1, 3], 'frame 3 is still unacked');
  relay.close();
});
