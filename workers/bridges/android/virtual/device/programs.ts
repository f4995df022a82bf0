// Running a file by its path (`/data/local/tmp/minicap`): what the kernel and Android's linker
// check before a pushed binary runs — the file exists, has an execute bit, is an ELF executable
// for one of the device's ABIs, and finds its libraries on LD_LIBRARY_PATH — and then the one
// program the virtual device knows how to be (minicap, recognised by its usage text). Anything
// else that passes those checks says the virtual device has no model of it.
import type { CommandHandler } from './sh-run.js';
import type { DeviceParts } from './device-parts.js';
import { normalizePath } from './fs.js';
import { MINICAP_USAGE_MARK, runMinicap } from '../minicap/minicap-process.js';

const SH = '/system/bin/sh';

/** ELF e_machine by ABI name, and the names the linker prints for them. */
const MACHINES: Record<string, { machine: number; name: string }> = {
  x86: { machine: 3, name: 'EM_386' },
  x86_64: { machine: 62, name: 'EM_X86_64' },
  'armeabi-v7a': { machine: 40, name: 'EM_ARM' },
  armeabi: { machine: 40, name: 'EM_ARM' },
  'arm64-v8a': { machine: 183, name: 'EM_AARCH64' },
};

const ET_EXEC = 2;
const ET_DYN = 3;

/** e_type and e_machine of an ELF file (little-endian, as every Android ABI is), or null. */
export function elfHeader(data: Buffer): { type: number; machine: number } | null {
  if (data.length < 20 || data.readUInt32BE(0) !== 0x7f454c46 || data[5] !== 1) return null;
  return { type: data.readUInt16LE(16), machine: data.readUInt16LE(18) };
}

function machineName(machine: number): string {
  return Object.values(MACHINES).find((m) => m.machine === machine)?.name ?? `machine ${machine}`;
}

/** The handler that runs the file at `name` (a path), checked as the device would. */
export function programAt(device: DeviceParts, name: string): CommandHandler {
  return async (argv, io) => {
    const path = normalizePath(name, io.cwd);
    const entry = device.fs.stat(path);
    if (!entry) {
      await io.stderr.write(`${SH}: ${name}: inaccessible or not found\n`);
      return 127;
    }
    if (entry.kind === 'dir' || (entry.mode & 0o111) === 0) {
      await io.stderr.write(`${SH}: ${name}: can't execute: Permission denied\n`);
      return 126;
    }
    const elf = elfHeader(entry.data);
    const abis = (device.props.get('ro.product.cpu.abilist') ?? device.config.abi).split(',');
    const machines = new Set(abis.map((abi) => MACHINES[abi]?.machine));
    if (!elf || (elf.type !== ET_EXEC && elf.type !== ET_DYN) || !machines.has(elf.machine)) {
      await io.stderr.write(`${SH}: ${name}: can't execute: Exec format error\n`);
      return 126;
    }
    if (!entry.data.includes(MINICAP_USAGE_MARK)) {
      await io.stderr.write(`${SH}: ${name}: the virtual device has no model of this program\n`);
      return 126;
    }
    // minicap needs minicap.so, found on LD_LIBRARY_PATH only (not in the system's library paths).
    const dirs = (io.env?.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean);
    const lib = dirs.map((dir) => device.fs.stat(normalizePath(`${dir}/minicap.so`, io.cwd))).find((e) => e?.kind === 'file');
    if (!lib) {
      await io.stderr.write(`CANNOT LINK EXECUTABLE "${name}": library "minicap.so" not found: needed by main executable\n`);
      return 1;
    }
    const libElf = elfHeader(lib.data);
    if (!libElf || libElf.type !== ET_DYN || libElf.machine !== elf.machine) {
      await io.stderr.write(`CANNOT LINK EXECUTABLE "${name}": "minicap.so" is ${libElf ? `for ${machineName(libElf.machine)} (${libElf.machine}) instead of ${machineName(elf.machine)} (${elf.machine})` : 'not an ELF shared library'}\n`);
      return 1;
    }
    return runMinicap(device, argv, io);
  };
}
