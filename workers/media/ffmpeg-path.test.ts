import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findFfmpeg } from './ffmpeg-path.js';

test('FFMPEG_PATH wins when it is executable, and is passed over when it is not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-ffmpeg-'));
  try {
    const own = join(dir, 'ffmpeg');
    writeFileSync(own, '#!/bin/sh\n');
    chmodSync(own, 0o755);
    assert.equal(findFfmpeg({ FFMPEG_PATH: own }), own);
    const fallback = findFfmpeg({ FFMPEG_PATH: join(dir, 'missing') });
    assert.notEqual(fallback, join(dir, 'missing'));
    assert.equal(fallback, findFfmpeg({}));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
