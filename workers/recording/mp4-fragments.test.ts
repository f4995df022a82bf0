import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Mp4Fragmenter } from './mp4-fragments.js';

function box(type: string, body = 4): Buffer {
  const b = Buffer.alloc(8 + body, 7);
  b.writeUInt32BE(8 + body, 0);
  b.write(type, 4, 'latin1');
  return b;
}

test('fragmented MP4 bytes come out as the init segment and whole moof+mdat fragments, however they were cut', () => {
  const stream = Buffer.concat([box('ftyp'), box('moov', 40), box('moof', 20), box('mdat', 300), box('moof', 20), box('mdat', 5), box('mfra', 16)]);
  for (const cut of [1, 3, 7, 64, stream.length]) {
    const pieces: Array<[string, number]> = [];
    const fragmenter = new Mp4Fragmenter((piece, kind) => pieces.push([kind, piece.length]));
    for (let i = 0; i < stream.length; i += cut) fragmenter.push(stream.subarray(i, i + cut));
    fragmenter.flush();
    assert.deepEqual(pieces, [['init', 8 + 4 + 48], ['fragment', 28 + 308], ['fragment', 28 + 13], ['fragment', 24]], `cut every ${cut} bytes`);
  }
});

test('a box that declares a size smaller than its header is an error, not a hang', () => {
  const bad = Buffer.alloc(8);
  bad.writeUInt32BE(4, 0);
  assert.throws(() => new Mp4Fragmenter(() => undefined).push(bad), /malformed MP4 box/);
});
