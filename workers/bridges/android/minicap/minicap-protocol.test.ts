// The minicap stream reader against bytes laid out by hand from minicap's README (not by the
// virtual device's writer, so a shared misreading of the format cannot pass both).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MinicapProtocolError, MinicapReader, type MinicapPiece } from './minicap-protocol.js';

/** version 1, size 24, pid 0x1234, real 1080x1920, virtual 540x960, orientation 90° (byte 1), quirks dumb|tear. */
const HEADER = Buffer.from([
  1, 24,
  0x34, 0x12, 0, 0,
  0x38, 0x04, 0, 0, 0x80, 0x07, 0, 0,
  0x1c, 0x02, 0, 0, 0xc0, 0x03, 0, 0,
  1, 5,
]);
const JPEG_A = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
const JPEG_B = Buffer.from([0xff, 0xd8, 9, 0xff, 0xd9]);
const framed = (jpeg: Buffer) => Buffer.concat([Buffer.from([jpeg.length, 0, 0, 0]), jpeg]);
const STREAM = Buffer.concat([HEADER, framed(JPEG_A), framed(JPEG_B)]);

function readAll(chunks: Buffer[]): MinicapPiece[] {
  const reader = new MinicapReader();
  return chunks.flatMap((c) => reader.push(c));
}

describe('the minicap stream reader', () => {
  it('reads the global header field by field', () => {
    const [first] = readAll([HEADER]);
    assert.deepEqual(first, {
      kind: 'header',
      header: { version: 1, pid: 0x1234, realWidth: 1080, realHeight: 1920, virtualWidth: 540, virtualHeight: 960, orientation: 90, quirks: { dumb: true, alwaysUpright: false, tear: true } },
    });
  });

  it('gives the same pieces whatever the chunking, down to one byte at a time', () => {
    const whole = readAll([STREAM]);
    assert.deepEqual(whole.map((p) => p.kind), ['header', 'frame', 'frame']);
    assert.deepEqual(whole.slice(1).map((p) => (p.kind === 'frame' ? [...p.jpeg] : [])), [[...JPEG_A], [...JPEG_B]]);
    const bytes = readAll([...STREAM].map((b) => Buffer.from([b])));
    assert.deepEqual(bytes, whole);
    const split = readAll([STREAM.subarray(0, 25), STREAM.subarray(25, 31), STREAM.subarray(31)]);
    assert.deepEqual(split, whole);
  });

  it('skips the rest of a longer header from a later version', () => {
    const longer = Buffer.concat([Buffer.from([2, 28]), HEADER.subarray(2), Buffer.from([7, 7, 7, 7]), framed(JPEG_B)]);
    const pieces = readAll([longer]);
    assert.deepEqual(pieces.map((p) => p.kind), ['header', 'frame']);
    assert.equal(pieces[0]?.kind === 'header' && pieces[0].header.version, 2);
  });

  it('holds a frame until all its bytes came', () => {
    const reader = new MinicapReader();
    assert.equal(reader.push(Buffer.concat([HEADER, framed(JPEG_A).subarray(0, 6)])).length, 1);
    assert.deepEqual(reader.push(framed(JPEG_A).subarray(6)).map((p) => p.kind), ['frame']);
  });

  it('refuses bytes that are not minicap: a header too short or of version 0, an absurd length, a frame that is no JPEG', () => {
    assert.throws(() => readAll([Buffer.from([1, 10])]), MinicapProtocolError);
    assert.throws(() => readAll([Buffer.from([0, 24])]), MinicapProtocolError);
    assert.throws(() => readAll([HEADER, Buffer.from([0xff, 0xff, 0xff, 0x7f])]), /out of range/);
    assert.throws(() => readAll([HEADER, framed(Buffer.from([1, 2, 3]))]), /JPEG/);
    const badRotation = Buffer.from(HEADER);
    badRotation[22] = 9;
    assert.throws(() => readAll([badRotation]), /orientation/);
  });
});
