// `sync:` — the file transfer sub-protocol behind `adb push`/`pull` and adbkit's sync client:
// STAT, STA2/LST2 (72-byte replies), LIST, SEND (DATA chunks + DONE), RECV, QUIT.
import type { AdbStream } from '../stream.js';
import type { VirtualFs, FsEntry } from '../device/fs.js';
import { normalizePath, S_IFDIR } from '../device/fs.js';

export const SYNC_DATA_MAX = 64 * 1024;
const PATH_MAX = 1024;
const ENOENT = 2;
const S_IFMT = 0o170000;

function id(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32LE(v >>> 0, i * 4));
  return b;
}

function fail(message: string): Buffer {
  const text = Buffer.from(message, 'utf8');
  return Buffer.concat([id('FAIL'), u32(text.length), text]);
}

function stat2(tag: string, entry: FsEntry | undefined): Buffer {
  const b = Buffer.alloc(72);
  b.write(tag, 0, 'latin1');
  if (!entry) {
    b.writeUInt32LE(ENOENT, 4);
    return b;
  }
  b.writeBigUInt64LE(1n, 8);
  b.writeBigUInt64LE(BigInt(entry.data.length + entry.mtime), 16);
  b.writeUInt32LE(entry.mode, 24);
  b.writeUInt32LE(entry.kind === 'dir' ? 2 : 1, 28);
  b.writeUInt32LE(2000, 32);
  b.writeUInt32LE(2000, 36);
  b.writeBigUInt64LE(BigInt(entry.kind === 'dir' ? 4096 : entry.data.length), 40);
  b.writeBigInt64LE(BigInt(entry.mtime), 48);
  b.writeBigInt64LE(BigInt(entry.mtime), 56);
  b.writeBigInt64LE(BigInt(entry.mtime), 64);
  return b;
}

export function runSyncService(fs: VirtualFs, stream: AdbStream): void {
  const reader = stream.reader;
  const size = (e: FsEntry) => (e.kind === 'dir' ? 4096 : e.data.length);

  const receiveFile = async (spec: string): Promise<boolean> => {
    const comma = spec.lastIndexOf(',');
    const path = normalizePath(comma >= 0 ? spec.slice(0, comma) : spec);
    const mode = comma >= 0 ? Number(spec.slice(comma + 1)) : 0o644;
    const chunks: Buffer[] = [];
    for (;;) {
      const head = await reader.read(8);
      if (!head) return false;
      const tag = head.toString('latin1', 0, 4);
      const n = head.readUInt32LE(4);
      if (tag === 'DATA') {
        if (n > SYNC_DATA_MAX) {
          await stream.write(fail(`data chunk of ${n} bytes over ${SYNC_DATA_MAX}`));
          return false;
        }
        const data = await reader.read(n);
        if (!data) return false;
        chunks.push(Buffer.from(data));
      } else if (tag === 'DONE') {
        try {
          if (fs.stat(path)?.kind === 'dir') throw new Error(`${path}: Is a directory`);
          fs.writeFile(path, Buffer.concat(chunks), { mode: (mode & S_IFMT) === S_IFDIR ? 0o644 : mode, mtime: n, parents: true });
        } catch (err) {
          await stream.write(fail(`couldn't create file: ${(err as Error).message}`));
          return true;
        }
        await stream.write(Buffer.concat([id('OKAY'), u32(0)]));
        return true;
      } else {
        await stream.write(fail(`unexpected ${JSON.stringify(tag)} during SEND`));
        return false;
      }
    }
  };

  const loop = async () => {
    for (;;) {
      const head = await reader.read(8);
      if (!head) return;
      const tag = head.toString('latin1', 0, 4);
      const n = head.readUInt32LE(4);
      if (tag === 'QUIT') return;
      if (n > PATH_MAX) {
        await stream.write(fail(`path too long: ${n}`));
        return;
      }
      const arg = await reader.read(n);
      if (!arg) return;
      const text = arg.toString('utf8');
      switch (tag) {
        case 'STAT': {
          const e = fs.stat(normalizePath(text));
          await stream.write(Buffer.concat([id('STAT'), e ? u32(e.mode, size(e), e.mtime) : u32(0, 0, 0)]));
          break;
        }
        case 'STA2':
        case 'LST2':
          await stream.write(stat2(tag, fs.stat(normalizePath(text))));
          break;
        case 'LIST': {
          const dir = normalizePath(text);
          const parts: Buffer[] = [];
          if (fs.stat(dir)?.kind === 'dir') {
            for (const name of ['.', '..', ...fs.list(dir)]) {
              const e = name === '.' || name === '..' ? fs.stat(dir) : fs.stat(`${dir}/${name}`);
              if (!e) continue;
              const nameBytes = Buffer.from(name, 'utf8');
              parts.push(id('DENT'), u32(e.mode, size(e), e.mtime, nameBytes.length), nameBytes);
            }
          }
          parts.push(id('DONE'), u32(0, 0, 0, 0));
          await stream.write(Buffer.concat(parts));
          break;
        }
        case 'SEND':
          if (!(await receiveFile(text))) return;
          break;
        case 'RECV': {
          const e = fs.stat(normalizePath(text));
          if (!e || e.kind !== 'file') {
            await stream.write(fail(e ? 'Is a directory' : 'No such file or directory'));
            break;
          }
          for (let off = 0; off < e.data.length; off += SYNC_DATA_MAX) {
            const chunk = e.data.subarray(off, off + SYNC_DATA_MAX);
            await stream.write(Buffer.concat([id('DATA'), u32(chunk.length), chunk]));
          }
          await stream.write(Buffer.concat([id('DONE'), u32(0)]));
          break;
        }
        default:
          await stream.write(fail(`unknown sync command ${JSON.stringify(tag)}`));
          return;
      }
    }
  };
  loop()
    .then(() => stream.end())
    .catch(() => stream.close());
}
