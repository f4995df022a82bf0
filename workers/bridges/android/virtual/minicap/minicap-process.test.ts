// The virtual device running a pushed minicap as the real device would: the checks before it runs
// (execute bit, ELF for one of the device's ABIs, minicap.so on LD_LIBRARY_PATH for the same
// machine) and minicap's own answers (-t, -s, -i, a missing or malformed -P, a busy socket name).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { withoutFixtures } from '../../../../../test/support/fixtures.js';
import { minicapPrebuiltDir } from '../../minicap/minicap-prebuilt.js';
import { createVirtualAndroid } from '../virtual-device.js';

const PREBUILT = minicapPrebuiltDir();
const RUN = 'LD_LIBRARY_PATH=/data/local/tmp /data/local/tmp/minicap';

function deviceWith(abi: string, files: { bin: string; lib?: string; mode?: number }) {
  const device = createVirtualAndroid({ width: 360, height: 720, density: 160, sdk: 29, abi });
  device.fs.writeFile('/data/local/tmp/minicap', readFileSync(`${PREBUILT}/${files.bin}`), { mode: files.mode ?? 0o755 });
  if (files.lib) device.fs.writeFile('/data/local/tmp/minicap.so', readFileSync(`${PREBUILT}/${files.lib}`), { mode: 0o644 });
  return device;
}

const text = (r: { stdout: Buffer; stderr: Buffer }) => `${r.stdout.toString('utf8')}${r.stderr.toString('utf8')}`;

describe('a pushed minicap on the virtual device', { skip: withoutFixtures() || (PREBUILT ? false : 'needs the optional @devicefarmer/minicap-prebuilt package') }, () => {
  it('runs only what the device could: an execute bit, its ABI, its library on LD_LIBRARY_PATH', async () => {
    const noExec = deviceWith('x86_64', { bin: 'x86_64/bin/minicap', lib: 'x86_64/lib/android-29/minicap.so', mode: 0o644 });
    const r1 = await noExec.exec(`${RUN} -P 360x720@360x720/0 -t`);
    assert.deepEqual([r1.code, text(r1)], [126, "/system/bin/sh: /data/local/tmp/minicap: can't execute: Permission denied\n"]);

    const wrongAbi = deviceWith('arm64-v8a', { bin: 'x86_64/bin/minicap', lib: 'x86_64/lib/android-29/minicap.so' });
    const r2 = await wrongAbi.exec(`${RUN} -P 360x720@360x720/0 -t`);
    assert.deepEqual([r2.code, text(r2)], [126, "/system/bin/sh: /data/local/tmp/minicap: can't execute: Exec format error\n"]);

    const noLib = deviceWith('x86_64', { bin: 'x86_64/bin/minicap' });
    const r3 = await noLib.exec(`${RUN} -P 360x720@360x720/0 -t`);
    assert.deepEqual([r3.code, text(r3)], [1, 'CANNOT LINK EXECUTABLE "/data/local/tmp/minicap": library "minicap.so" not found: needed by main executable\n']);
    const r4 = await deviceWith('x86_64', { bin: 'x86_64/bin/minicap', lib: 'x86_64/lib/android-29/minicap.so' }).exec('/data/local/tmp/minicap -P 360x720@360x720/0 -t');
    assert.equal(r4.code, 1, 'without LD_LIBRARY_PATH the library is not found');

    const mixed = deviceWith('x86_64', { bin: 'x86_64/bin/minicap', lib: 'arm64-v8a/lib/android-29/minicap.so' });
    const r5 = await mixed.exec(`${RUN} -P 360x720@360x720/0 -t`);
    assert.match(text(r5), /"minicap\.so" is for EM_AARCH64 \(183\) instead of EM_X86_64 \(62\)/);

    // An x86_64 emulator also runs arm64 binaries (its ABI list has arm64-v8a).
    const translated = deviceWith('x86_64', { bin: 'arm64-v8a/bin/minicap', lib: 'arm64-v8a/lib/android-29/minicap.so' });
    assert.equal((await translated.exec(`${RUN} -P 360x720@360x720/0 -t`)).code, 0);
  });

  it('answers -t, -s, -i and a missing or malformed projection as minicap does', async () => {
    const device = deviceWith('x86_64', { bin: 'x86_64/bin/minicap', lib: 'x86_64/lib/android-29/minicap.so' });
    const check = await device.exec(`${RUN} -P 360x720@180x360/0 -t`);
    assert.deepEqual([check.code, check.stdout.toString()], [0, 'OK\n']);
    const shot = await device.exec(`${RUN} -P 360x720@180x360/0 -s 2>/dev/null`);
    const meta = await sharp(shot.stdout).metadata();
    assert.deepEqual([shot.code, meta.format, meta.width, meta.height], [0, 'jpeg', 180, 360]);
    const info = JSON.parse((await device.exec(`${RUN} -i`)).stdout.toString()) as { width: number; height: number };
    assert.deepEqual([info.width, info.height], [360, 720]);
    const missing = await device.exec(RUN);
    assert.deepEqual([missing.code, missing.stderr.toString()], [1, 'ERROR: missing or invalid -P\n']);
    const malformed = await device.exec(`${RUN} -P 360x720`);
    assert.match(malformed.stderr.toString(), /^ERROR: invalid format for -P/);
  });

  it('serves its socket until killed, and a second minicap on the same name is refused', async () => {
    const device = deviceWith('x86_64', { bin: 'x86_64/bin/minicap', lib: 'x86_64/lib/android-29/minicap.so' });
    const server = device.exec(`${RUN} -P 360x720@360x720/0`);
    while (!device.abstractSockets.has('minicap')) await new Promise((r) => setTimeout(r, 10));
    const second = await device.exec(`${RUN} -P 360x720@360x720/0`);
    assert.equal(second.code, 1);
    assert.match(second.stderr.toString(), /Unable to start server on namespace 'minicap'/);
    const [pid] = [...device.processes.keys()];
    assert.equal((await device.exec(`kill ${pid}`)).code, 0);
    const ended = await server;
    assert.equal(ended.code, 137);
    assert.match(ended.stdout.toString(), new RegExp(`^PID: ${pid}\\n$`));
    assert.equal(device.abstractSockets.size, 0);
    assert.equal((await device.exec(`kill ${pid}`)).stderr.toString(), `kill: ${pid}: No such process\n`);
  });
});
