// Live frames on the two paths the Android bridge picks between, side by side on virtual devices
// (the same animated 360x720 screen, screenrecord at 10 fps): screenrecord's H.264 decoded here
// vs repeated `screencap -p`; the time to the first frame and the rate measured over 6 s of
// streaming, as `devices` reports it. The virtual screencap costs the device nothing (a phone
// encodes a full-resolution PNG for each one), and the virtual screenrecord draws at a fixed
// rate: this measures the host's side of each path, not a phone's.
// Run: npx tsx bench/android-frame-paths.ts
import { performance } from 'node:perf_hooks';
import { Adb } from '../workers/bridges/android/adb/adbkit.js';
import { openAndroidDevice } from '../workers/bridges/android/open-device.js';
import { adbConnect, startAdbServer, startVirtualDevice } from '../workers/bridges/android/virtual/index.js';

const STREAM_MS = 6000;
const SCREEN = { width: 360, height: 720, density: 160, recordFps: 10 };

const adb = await startAdbServer();
const devices = [await startVirtualDevice(SCREEN), await startVirtualDevice({ ...SCREEN, screenrecord: false })];
try {
  const client = Adb.createClient({ port: adb.port });
  const rows: string[] = [];
  const results: Record<string, { first: number; fps: number | null }> = {};
  for (const vd of devices) {
    await adbConnect(vd.serial, adb.port);
    const device = await openAndroidDevice({ client, serial: vd.serial, uia2: 'off' });
    vd.device.animate(60_000);
    const path = device.status().frames?.path ?? '?';
    const start = performance.now();
    let first = 0;
    let count = 0;
    const stop = device.frames(() => {
      if (count++ === 0) first = performance.now() - start;
    });
    await new Promise((r) => setTimeout(r, STREAM_MS));
    const fps = device.status().frames?.fps ?? null;
    stop();
    results[path] = { first, fps };
    rows.push(`  ${path.padEnd(13)} first frame ${first.toFixed(0).padStart(5)} ms   ${String(fps ?? '-').padStart(5)} fps (measured)   ${count} frames in ${STREAM_MS / 1000} s`);
    await device.close();
  }
  console.log(`frame paths on a 360x720 animated screen (screenrecord at ${SCREEN.recordFps} fps):`);
  for (const row of rows) console.log(row);
  const rec = results.screenrecord?.fps;
  const cap = results.screencap?.fps;
  if (rec && cap) console.log(`  ratio screenrecord / screencap fps: x${(rec / cap).toFixed(1)} (host side only: the virtual screencap is free on the device)`);
} finally {
  await adb.kill();
  for (const vd of devices) await vd.close();
}
