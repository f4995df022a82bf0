// `shell:` / `exec:` (raw bytes, stderr mixed in, no exit code) and `shell,v2,...:` (framed
// stdout/stderr/exit packets). Both hand the command line to the device's sh.
import type { AdbStream } from '../stream.js';
import type { VirtualAndroid } from '../device/device.js';
import type { Sink } from '../device/sh-run.js';

/** Packet ids of the shell v2 framing (1-byte id, 4-byte little-endian length, data). */
export const SHELL_V2_ID = { stdin: 0, stdout: 1, stderr: 2, exit: 3, closeStdin: 4, windowSize: 5 } as const;

export interface ShellRequest {
  protocol: 'raw' | 'v2';
  command: string;
}

/** `shell:cmd`, `shell,v2,TERM=xterm,raw:cmd`, `exec:cmd`; null for anything else. */
export function parseShellService(service: string): ShellRequest | null {
  // sh receives the command as a C string: it ends at the first NUL.
  const cString = (text: string) => text.split('\0')[0] as string;
  if (service.startsWith('exec:')) return { protocol: 'raw', command: cString(service.slice(5)) };
  const m = /^shell(,[^:]*)?:(.*)$/s.exec(service);
  if (!m) return null;
  const options = (m[1] ?? '').split(',').filter(Boolean);
  return { protocol: options.includes('v2') ? 'v2' : 'raw', command: cString(m[2] as string) };
}

export function v2Packet(id: number, data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(id, 0);
  header.writeUInt32LE(data.length, 1);
  return Buffer.concat([header, data]);
}

const toBuffer = (d: Buffer | string) => (typeof d === 'string' ? Buffer.from(d, 'utf8') : d);

async function execute(device: VirtualAndroid, command: string, stream: AdbStream, stdout: Sink, stderr: Sink): Promise<number> {
  if (!command.trim()) {
    await stderr.write('/system/bin/sh: the virtual device has no interactive shell\n');
    return 1;
  }
  try {
    return await device.run(command, { stdin: Buffer.alloc(0), stdout, stderr, signal: stream.signal });
  } catch (err) {
    await stderr.write(`/system/bin/sh: ${(err as Error).message}\n`);
    return 1;
  }
}

export function runShellService(device: VirtualAndroid, request: ShellRequest, stream: AdbStream): void {
  const run = async () => {
    if (request.protocol === 'raw') {
      const sink: Sink = { write: (d) => stream.write(toBuffer(d)) };
      await execute(device, request.command, stream, sink, sink);
    } else {
      const frame = (id: number): Sink => ({ write: (d) => stream.write(v2Packet(id, toBuffer(d))) });
      const code = await execute(device, request.command, stream, frame(SHELL_V2_ID.stdout), frame(SHELL_V2_ID.stderr));
      await stream.write(v2Packet(SHELL_V2_ID.exit, Buffer.from([code & 0xff])));
    }
    await stream.end();
  };
  run().catch(() => stream.close());
}
