// When a device's frames count as lost: three failures with no frame between them, told once,
// a stream that ends having said only a few bytes counting as one (with what it said).
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { FramesWatch } from './frames-watch.js';

/** A stream that sends these bytes and ends. */
async function streamed(watch: FramesWatch, bytes: Buffer): Promise<void> {
  const source = new PassThrough();
  const stream = await watch.open(async () => source, 'screenrecord');
  const closed = new Promise((resolve) => stream.once('close', resolve));
  stream.resume();
  source.end(bytes);
  await closed;
}

describe('the frames watch', () => {
  it('loses the frames after three failures in a row, once, and a frame between them starts the count again', () => {
    const lost: string[] = [];
    const watch = new FramesWatch((why) => lost.push(why));
    watch.failure('a');
    watch.failure('b');
    watch.frame();
    watch.failure('c');
    watch.failure('d');
    assert.deepEqual(lost, []);
    watch.failure('e');
    watch.failure('f');
    assert.deepEqual(lost, ['e']);
    assert.equal(watch.lost, 'e');
    watch.frame();
    assert.equal(watch.lost, undefined);
  });

  it('counts a recorder that could not start and one that ended at once, saying what it printed; a stream with video is no failure', async () => {
    const lost: string[] = [];
    const watch = new FramesWatch((why) => lost.push(why));
    await assert.rejects(watch.open(() => Promise.reject(new Error('device offline')), 'screenrecord'));
    await streamed(watch, Buffer.alloc(64 * 1024));
    await streamed(watch, Buffer.from('ERROR: unable to create video/avc codec\n'));
    assert.deepEqual(lost, []);
    await streamed(watch, Buffer.alloc(0));
    assert.deepEqual(lost, []);
    await streamed(watch, Buffer.from('\u0000\u0001Encoder failed (err=-38)\n'));
    assert.deepEqual(lost, ['screenrecord ended at once, saying: Encoder failed (err=-38)']);
  });
});
