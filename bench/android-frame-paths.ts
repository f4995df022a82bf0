// Live frames and still frames on the three paths the Android bridge picks between, side by side
// on virtual devices (the same animated 360x720 screen): minicap (a device of SDK 29, where the
// prebuilt one fits), screenrecord's H.264 decoded here, and repeated `screencap -p`. For each:
// the time to the first frame and the rate measured over 6 s of streaming (as `devices` reports
// it), and the latency of a still frame (screenshot(): minicap's `-s`, else `screencap -p`),
// median of 10, with no stream running; for minicap also while it streams (its last frame).
// The virtual device draws every path's pictures with the host's CPU (a phone encodes them in its
// own hardware or CPU), minicap at most 30 frames a second and screenrecord at the rate set here:
// this measures the host's side of each path and the protocol overheads, not a phone's.
// Run: npx tsx bench/android-frame-paths.ts
import { performance } from 'node:perf_hooks';
import { Adb } from '../workers/bridges/android/adb/adbkit.js';
import { openAndroidDevice } from '../workers/bridges/android/open-device.js';
import type { AndroidDevice } from '../workers/bridges/android/android-device.js';
import { adbConnect, startAdbServer, startVirtualDevice, type VirtualDeviceOptions } from '../workers/bridges/android/virtual/index.js';

const STREAM_MS = 6000;
const STILLS = 10;
const SCREEN = { width: 360, height: 720, density: 160, recordFps: 30 };
const DEVICES: Array<{ expect: string; options: VirtualDeviceOptions }> = [
  { expect: 'minicap', options: { ...SCREEN, sdk: 29, release: '10' } },
  { expect: 'screenrecord', options: SCREEN },
  { expect: 'screencap', options: { ...SCREEN, screenrecord: false } },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function stillMs(device: AndroidDevice): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < STILLS; i++) {
    const start = performance.now();
    await device.screenshot({ format: 'jpeg' });
    times.push(performance.now() - start);
  }
  return median(times);
}

const adb = await startAdbServer();
const devices = await Promise.all(DEVICES.map((d) => startVirtualDevice(d.options)));
try {
  const client = Adb.createClient({ port: adb.port });
  const rows: string[] = [];
  const results: Record<string, { first: number; fps: number | null; still: number }> = {};
  for (const [i, vd] of devices.entries()) {
    await adbConnect(vd.serial, adb.port);
    const device = await openAndroidDevice({ client, serial: vd.serial, uia2: 'off' });
    const path = device.status().frames?.path ?? '?';
    if (path !== DEVICES[i]?.expect) throw new Error(`expected ${DEVICES[i]?.expect}, got ${path}: ${device.status().frames?.reason}`);
    const still = await stillMs(device);
    vd.device.animate(60_000);
    const start = performance.now();
    let first = 0;
    let count = 0;
    const stop = device.frames(() => {
      if (count++ === 0) first = performance.now() - start;
    });
    await new Promise((r) => setTimeout(r, STREAM_MS));
    const fps = device.status().frames?.fps ?? null;
    const streamingStill = path === 'minicap' ? await stillMs(device) : null;
    stop();
    results[path] = { first, fps, still };
    rows.push(
      `  ${path.padEnd(13)} first frame ${first.toFixed(0).padStart(5)} ms   ${String(fps ?? '-').padStart(5)} fps (measured)   ${String(count).padStart(4)} frames in ${STREAM_MS / 1000} s   still ${still.toFixed(0).padStart(4)} ms` +
        (streamingStill === null ? '' : ` (${streamingStill.toFixed(0)} ms while streaming)`),
    );
    await device.close();
  }
  console.log(`frame paths on a 360x720 animated screen (minicap at most 30 fps, screenrecord at ${SCREEN.recordFps} fps), still = screenshot() median of ${STILLS}:`);
  for (const row of rows) console.log(row);
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? `x${(a / b).toFixed(1)}` : '-');
  const { minicap, screenrecord, screencap } = results;
  console.log(`  fps     minicap / screenrecord ${ratio(minicap?.fps, screenrecord?.fps)}   minicap / screencap ${ratio(minicap?.fps, screencap?.fps)}   screenrecord / screencap ${ratio(screenrecord?.fps, screencap?.fps)}`);
  console.log(`  still   screencap / minicap ${ratio(screencap?.still, minicap?.still)} (how many times longer a still takes without minicap)`);
  console.log('  host side only: the virtual device draws every picture with this host\'s CPU');
} finally {
  await adb.kill();
  for (const vd of devices) await vd.close();
}
