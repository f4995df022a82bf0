import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame } from '../bridge.js';
import { FrameStream } from './frame-stream.js';

const frame = (n: number): Frame => ({ data: Buffer.from([n]), format: 'jpeg', timestamp: n, width: 1, height: 1 });

test('while a frame is on its way, newer frames replace each other: the latest wins, none piles up', async () => {
  const sent: number[] = [];
  let release: () => void = () => undefined;
  const stream = new FrameStream(async (f) => {
    sent.push(f.timestamp);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  stream.push(frame(1));
  for (let n = 2; n <= 10; n++) stream.push(frame(n));
  assert.deepEqual(sent, [1]);
  release();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent, [1, 10]);
  release();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent, [1, 10]);
});

test('a stopped stream sends nothing more', async () => {
  const sent: number[] = [];
  const stream = new FrameStream(async (f) => {
    sent.push(f.timestamp);
  });
  stream.push(frame(1));
  await new Promise((r) => setImmediate(r));
  stream.stop();
  stream.push(frame(2));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent, [1]);
});
