// Observe latency on a real phone's timing: the virtual device takes 2 s per `uiautomator dump`
// (as real phones do, 1-3 s) and refuses sendevent. Side by side in one run, the same device
// read through the UiAutomator2 server's page source and through `uiautomator dump`.
// Run: npx tsx bench/android-phone.ts
import { performance } from 'node:perf_hooks';
import { median } from '../core/lists/geometry.js';
import { Adb } from '../workers/bridges/android/adb/adbkit.js';
import { openAndroidDevice } from '../workers/bridges/android/open-device.js';
import { adbConnect, startAdbServer, startVirtualDevice } from '../workers/bridges/android/virtual/index.js';

const RUNS = 8;

const adb = await startAdbServer();
const vd = await startVirtualDevice({ sendeventAllowed: false, dumpDelayMs: 2000 });
try {
  await adbConnect(vd.serial, adb.port);
  const client = Adb.createClient({ port: adb.port });
  const viaServer = await openAndroidDevice({ client, serial: vd.serial, uia2: 'on', ffmpegPath: null });
  const viaDump = await openAndroidDevice({ client, serial: vd.serial, uia2: 'off', ffmpegPath: null });
  const times = { server: [] as number[], dump: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const [name, device] of [['server', viaServer], ['dump', viaDump]] as const) {
      const t = performance.now();
      await device.describe();
      times[name].push(performance.now() - t);
    }
  }
  const s = median(times.server);
  const d = median(times.dump);
  console.log(`observe (describe) on a phone-like device, median of ${RUNS}, dump delay 2000 ms:`);
  console.log(`  UiAutomator2 server page source: ${s.toFixed(0)} ms`);
  console.log(`  uiautomator dump:                ${d.toFixed(0)} ms`);
  console.log(`  ratio dump / server:             x${(d / s).toFixed(1)}`);
  await viaServer.close();
  await viaDump.close();
} finally {
  await adb.kill();
  await vd.close();
}
