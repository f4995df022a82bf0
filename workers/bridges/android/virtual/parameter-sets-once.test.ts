import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { ParameterSetsOnce } from './parameter-sets-once.js';

/** NAL unit types in stream order. */
function nalTypes(stream: Buffer): number[] {
  const types: number[] = [];
  for (let i = 0; i + 3 < stream.length; i++) if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) types.push(stream[i + 3]! & 0x1f);
  return types;
}

test('libx264\'s stream keeps its SPS/PPS at the start only, however it was cut, and still decodes to every frame', (t) => {
  let stream: Buffer;
  try {
    stream = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x320:rate=10', '-frames:v', '25', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-f', 'h264', '-']);
  } catch {
    return t.skip('no ffmpeg with libx264');
  }
  assert.equal(nalTypes(stream).filter((n) => n === 7).length, 3, 'libx264 repeats them at each of its three key frames');
  for (const cut of [1, 2, 3, 5, 64, stream.length]) {
    const filter = new ParameterSetsOnce();
    const parts: Buffer[] = [];
    for (let i = 0; i < stream.length; i += cut) parts.push(filter.push(stream.subarray(i, i + cut)));
    parts.push(filter.end());
    const out = Buffer.concat(parts);
    const types = nalTypes(out);
    assert.deepEqual([types.filter((n) => n === 7).length, types.filter((n) => n === 8).length, types.filter((n) => n === 5).length], [1, 1, 3], `cut every ${cut} bytes`);
    assert.deepEqual(types.slice(0, 2), [7, 8]);
    const frames = execFileSync('ffprobe', ['-v', 'error', '-f', 'h264', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', '-'], { input: out, encoding: 'utf8' });
    assert.equal(Number(frames.trim()), 25, `cut every ${cut} bytes: every frame decodes`);
  }
});
