// Prints the median round trip of `echo` through adbkit's shell and through the adb CLI (a
// process per call), against one virtual device on a private adb server.
// Run: node --import tsx workers/bridges/android/virtual/test-support/measure-latency.ts
import { performance } from 'node:perf_hooks';
import { Adb } from './adbkit.js';
import { startVirtualDevice } from '../virtual-device.js';
import { adbConnect, startAdbServer } from '../adb-server.js';

const ROUNDS = 40;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

const vd = await startVirtualDevice();
const server = await startAdbServer();
try {
  await adbConnect(vd.serial, server.port);
  const device = Adb.createClient({ port: server.port }).getDevice(vd.serial);
  const adbkitShell = await timeIt(async () => {
    const stream = await device.shell('echo hi');
    for await (const _ of stream) void _;
  });
  const cliShell = await timeIt(() => server.adb(['-s', vd.serial, 'shell', 'echo hi']));
  const adbkitDump = await timeIt(async () => {
    const stream = await device.shell('uiautomator dump /dev/tty');
    for await (const _ of stream) void _;
  });
  const cliDump = await timeIt(() => server.adb(['-s', vd.serial, 'exec-out', 'uiautomator dump /dev/tty']));
  const cliScreencap = await timeIt(() => server.adb(['-s', vd.serial, 'exec-out', 'screencap -p']));
  console.log(`median of ${ROUNDS}: shell echo  adbkit ${adbkitShell.toFixed(2)} ms  adb CLI ${cliShell.toFixed(2)} ms  (x${(cliShell / adbkitShell).toFixed(1)})`);
  console.log(`median of ${ROUNDS}: dump /dev/tty adbkit ${adbkitDump.toFixed(2)} ms  adb CLI ${cliDump.toFixed(2)} ms  (x${(cliDump / adbkitDump).toFixed(1)})`);
  console.log(`median of ${ROUNDS}: exec-out screencap -p (cached render) adb CLI ${cliScreencap.toFixed(2)} ms`);
} finally {
  await server.kill();
  await vd.close();
}
