// A worker in miniature for the SIGKILL test: a virtual Android device recorded through the
// copy path, every piece appended to a file as the hub would store it. Prints `started <t0>` when
// the first piece is out; the test then kills this process mid-recording.
// Run: npx tsx workers/bridges/android/test-support/record-to-file.ts <file>
import { appendFileSync, writeFileSync } from 'node:fs';
import { findFfmpeg } from '../../../media/ffmpeg-path.js';
import { DeviceRecorder } from '../../../recording/device-recorder.js';
import { startAndroidLab } from './lab.js';

const file = process.argv[2];
if (!file) throw new Error('usage: record-to-file.ts <file>');
const ffmpeg = findFfmpeg();
if (!ffmpeg) throw new Error('no ffmpeg');
const lab = await startAndroidLab();
const { vd, device } = await lab.open({ recordFps: 10, width: 540, height: 960, density: 240 }, { recordTimeLimitS: 3 });
vd.device.animate(600_000);
writeFileSync(file, '');
const recorder = new DeviceRecorder('killed', device, ffmpeg, {
  onPiece: (piece, _kind, first) => {
    appendFileSync(file, piece);
    if (first) console.log(`started ${first.startedAt} ${first.facts.video}`);
  },
  onEnd: (error) => console.log(`ended ${error ?? ''}`),
});
recorder.start();
