import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { findFfmpeg } from './ffmpeg-path.js';
import { AccessUnitReader, nalType, NAL_SPS, type AccessUnit } from './h264-access-units.js';
import { spsPictureSize } from './h264-sps.js';

const ffmpeg = findFfmpeg();

/** A real H.264 elementary stream from libx264: `frames` pictures, two slices each, a key frame every 5. */
function h264(width: number, height: number, frames: number, profile = 'high'): Buffer {
  return execFileSync(ffmpeg!, [
    '-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=10`, '-frames:v', String(frames),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-x264-params', 'slices=2', '-profile:v', profile, '-g', '5', '-pix_fmt', 'yuv420p', '-f', 'h264', '-',
  ]);
}

test('cuts an H.264 stream into one access unit per picture, however the bytes were cut, each stamped when its first bytes came', { skip: !ffmpeg && 'no ffmpeg' }, () => {
  const stream = h264(320, 240, 12);
  for (const cut of [1, 2, 3, 5, 100, 4096, stream.length]) {
    const units: AccessUnit[] = [];
    const reader = new AccessUnitReader((u) => units.push(u));
    for (let i = 0, chunk = 0; i < stream.length; i += cut, chunk++) reader.push(stream.subarray(i, i + cut), chunk);
    reader.flush();
    assert.equal(units.length, 12, `cut every ${cut} bytes`);
    assert.deepEqual(units.map((u) => u.key), [true, false, false, false, false, true, false, false, false, false, true, false]);
    assert.ok(units[0]!.nals.some((n) => nalType(n) === NAL_SPS), 'the first unit holds the parameter sets');
    assert.ok(units.every((u) => u.nals.filter((n) => [1, 5].includes(nalType(n))).length === 2), 'both slices of each picture');
    // The units put back together are the stream (less start codes).
    const nalBytes = units.flatMap((u) => u.nals).reduce((sum, n) => sum + n.length, 0);
    assert.ok(nalBytes < stream.length && nalBytes > stream.length - 4 * 12 * 6);
    // Stamped with the chunk that brought its first slice's header (the slice's second byte).
    let from = 0;
    for (const [i, unit] of units.entries()) {
      const slice = unit.nals.find((n) => [1, 5].includes(nalType(n)))!;
      from = stream.indexOf(slice, from);
      assert.equal(unit.at, Math.floor((from + 1) / cut), `cut ${cut}: unit ${i}`);
    }
  }
});

test('a picture is handed over when the next one starts, not when the stream ends', { skip: !ffmpeg && 'no ffmpeg' }, () => {
  const stream = h264(160, 120, 3);
  const units: AccessUnit[] = [];
  const reader = new AccessUnitReader((u) => units.push(u));
  reader.push(stream, 1);
  assert.equal(units.length, 2, 'the last picture may go on: it waits');
  reader.flush();
  assert.equal(units.length, 3);
});

test('reads the picture size from the SPS, cropping included, for the profiles screenrecord uses', { skip: !ffmpeg && 'no ffmpeg' }, () => {
  for (const [w, h, profile] of [[1080, 2340, 'high'], [1082, 2338, 'baseline'], [720, 1280, 'main'], [358, 642, 'high']] as const) {
    const units: AccessUnit[] = [];
    const reader = new AccessUnitReader((u) => units.push(u));
    reader.push(h264(w, h, 1, profile));
    reader.flush();
    assert.deepEqual(spsPictureSize(units[0]!.nals.find((n) => nalType(n) === NAL_SPS)!), { width: w, height: h }, `${w}x${h} ${profile}`);
  }
});
