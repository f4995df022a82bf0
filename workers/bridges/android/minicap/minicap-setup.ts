// Gets minicap ready on one device when it opens: pick the prebuilt binary and library for its ABI
// and SDK, push both to /data/local/tmp through adbkit's sync service, and run minicap's own check
// (`-t`: start the capture method, print OK, exit). Any step that fails says why, and the device
// takes another frame path.
import type { AdbDevice } from '../adb/adb-device.js';
import { pickMinicap, type MinicapFiles } from './minicap-prebuilt.js';

export const MINICAP_DIR = '/data/local/tmp';
const CHECK_TIMEOUT_MS = 15_000;

/** What the device runs minicap with: the projection for its stream and its still frames. */
export interface MinicapSetup {
  files: MinicapFiles;
  /** Screen size in pixels, natural orientation (`wm size`). */
  real: { w: number; h: number };
  /** Stream frame size (one pixel per point). */
  virtual: { w: number; h: number };
}

export type MinicapProbe = { ok: true; setup: MinicapSetup } | { ok: false; said: string };

/** The command line that runs minicap with its library; `args` after the projection. */
export function minicapCommand(projection: { real: { w: number; h: number }; virtual: { w: number; h: number } }, args = ''): string {
  const { real, virtual } = projection;
  return `LD_LIBRARY_PATH=${MINICAP_DIR} ${MINICAP_DIR}/minicap -P ${real.w}x${real.h}@${Math.round(virtual.w)}x${Math.round(virtual.h)}/0${args ? ` ${args}` : ''}`;
}

async function push(adb: AdbDevice, files: MinicapFiles): Promise<void> {
  const sync = await adb.client.getDevice(adb.serial).syncService();
  try {
    for (const [local, remote, mode] of [[files.bin, `${MINICAP_DIR}/minicap`, 0o755], [files.lib, `${MINICAP_DIR}/minicap.so`, 0o644]] as const) {
      const transfer = sync.pushFile(local, remote, mode);
      await new Promise<void>((resolve, reject) => {
        transfer.once('end', () => resolve());
        transfer.once('error', reject);
      });
    }
  } finally {
    sync.end();
  }
}

/** Picks, pushes and checks minicap on the device; never throws. */
export async function probeMinicap(adb: AdbDevice, screen: { sdk: number; real: { w: number; h: number }; virtual: { w: number; h: number } }): Promise<MinicapProbe> {
  try {
    const abi = (await adb.run('getprop ro.product.cpu.abi')).stdout.toString('utf8').trim();
    const pick = pickMinicap(abi, screen.sdk);
    if (!pick.ok) return { ok: false, said: pick.reason };
    // A minicap left running (a worker that died without stopping it) holds the socket name: end it.
    await adb.run('pkill minicap');
    await push(adb, pick.files);
    const setup: MinicapSetup = { files: pick.files, real: screen.real, virtual: screen.virtual };
    const check = await adb.run(minicapCommand(setup, '-t'), { timeoutMs: CHECK_TIMEOUT_MS });
    const out = check.stdout.toString('utf8');
    if (check.code !== 0 || !/^OK$/m.test(out)) {
      const said = `${check.stderr.toString('utf8')}${out}`.trim().split('\n').filter((l) => !l.startsWith('INFO:')).slice(-2).join(' ');
      return { ok: false, said: `minicap -t failed on ${abi} SDK ${screen.sdk} (${said.slice(0, 240) || `status ${check.code}`})` };
    }
    return { ok: true, setup };
  } catch (err) {
    return { ok: false, said: `minicap could not be set up: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300) };
  }
}
