// Which of @devicefarmer/minicap-prebuilt's files fit a device: the `minicap` binary for its ABI
// (`minicap-nopie` below SDK 16, which has no PIE support) and the `minicap.so` built for its exact
// SDK and ABI (the library uses private APIs of that Android release, so no other SDK's will do).
// The package is an optional dependency: without it, no device gets minicap, and says why.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface MinicapFiles {
  abi: string;
  sdk: number;
  /** Host paths of the binary and its library. */
  bin: string;
  lib: string;
}

export type MinicapPick = { ok: true; files: MinicapFiles } | { ok: false; reason: string };

/** The package's `prebuilt` folder, or null when it is not installed. */
export function minicapPrebuiltDir(): string | null {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@devicefarmer/minicap-prebuilt/package.json')), 'prebuilt');
  } catch {
    return null;
  }
}

/** The files for a device of this ABI (`ro.product.cpu.abi`) and SDK (`ro.build.version.sdk`). */
export function pickMinicap(abi: string, sdk: number, prebuiltDir: string | null = minicapPrebuiltDir()): MinicapPick {
  if (!prebuiltDir) return { ok: false, reason: 'the @devicefarmer/minicap-prebuilt package is not installed' };
  if (!/^[a-z0-9_-]+$/i.test(abi)) return { ok: false, reason: `the device reports no usable ABI (${JSON.stringify(abi.slice(0, 40))})` };
  const bin = join(prebuiltDir, abi, 'bin', sdk >= 16 ? 'minicap' : 'minicap-nopie');
  if (!existsSync(bin)) return { ok: false, reason: `no prebuilt minicap for the ABI ${abi}` };
  const lib = join(prebuiltDir, abi, 'lib', `android-${sdk}`, 'minicap.so');
  if (!existsSync(lib)) return { ok: false, reason: `no prebuilt minicap.so for Android SDK ${sdk} on ${abi} (the package has SDK ${sdkRange(join(prebuiltDir, abi, 'lib'))})` };
  return { ok: true, files: { abi, sdk, bin, lib } };
}

/** "9-10, 14-19, 21-30": the SDKs the package has a library for on one ABI, in runs. */
function sdkRange(libDir: string): string {
  const sdks = readdirSync(libDir)
    .map((name) => Number(/^android-(\d+)$/.exec(name)?.[1]))
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const sdk of sdks) {
    const last = runs.at(-1);
    if (last && sdk === last[1] + 1) last[1] = sdk;
    else runs.push([sdk, sdk]);
  }
  return runs.length ? runs.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(', ') : 'none';
}
