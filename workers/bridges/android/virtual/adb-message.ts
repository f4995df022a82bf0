// The ADB transport message: a 24-byte little-endian header and an optional payload.

export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_CLSE = 0x45534c43;
export const A_WRTE = 0x45545257;
export const A_SYNC = 0x434e5953;
export const A_STLS = 0x534c5453;

/** From this protocol version on, both sides may send a zero checksum. */
export const A_VERSION_SKIP_CHECKSUM = 0x01000001;
export const A_VERSION = 0x01000001;

export const AUTH_TOKEN = 1;
export const AUTH_SIGNATURE = 2;
export const AUTH_RSAPUBLICKEY = 3;

export const HEADER_SIZE = 24;

const KNOWN = new Set([A_CNXN, A_AUTH, A_OPEN, A_OKAY, A_CLSE, A_WRTE, A_SYNC, A_STLS]);

export interface AdbMessage {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

export function commandName(command: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(command >>> 0);
  return b.toString('latin1');
}

/** The checksum of the wire: a plain sum of the payload bytes (not a CRC). */
export function checksum(data: Buffer): number {
  let sum = 0;
  for (const byte of data) sum = (sum + byte) >>> 0;
  return sum;
}

export function encodeMessage(command: number, arg0: number, arg1: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeUInt32LE(command >>> 0, 0);
  header.writeUInt32LE(arg0 >>> 0, 4);
  header.writeUInt32LE(arg1 >>> 0, 8);
  header.writeUInt32LE(data.length, 12);
  header.writeUInt32LE(checksum(data), 16);
  header.writeUInt32LE((command ^ 0xffffffff) >>> 0, 20);
  return data.length ? Buffer.concat([header, data]) : header;
}

export class AdbProtocolError extends Error {}

/**
 * Splits a byte stream into messages. Throws AdbProtocolError on anything a device must not
 * accept (bad magic, unknown command, a payload over the limit, a wrong checksum when checked).
 */
export class MessageDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Largest payload accepted; raised after CNXN to the negotiated value. */
  maxPayload: number;
  /** Checksums are verified only for peers older than A_VERSION_SKIP_CHECKSUM. */
  verifyChecksum = false;

  constructor(maxPayload: number) {
    this.maxPayload = maxPayload;
  }

  push(chunk: Buffer): AdbMessage[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: AdbMessage[] = [];
    for (;;) {
      if (this.buffered < HEADER_SIZE) return out;
      const all = this.flatten();
      const command = all.readUInt32LE(0);
      const magic = all.readUInt32LE(20);
      if (((command ^ 0xffffffff) >>> 0) !== magic) throw new AdbProtocolError(`bad magic for command 0x${command.toString(16)}`);
      if (!KNOWN.has(command)) throw new AdbProtocolError(`unknown command ${commandName(command)}`);
      const length = all.readUInt32LE(12);
      if (length > this.maxPayload) throw new AdbProtocolError(`payload of ${length} bytes over the limit ${this.maxPayload}`);
      if (all.length < HEADER_SIZE + length) return out;
      const data = Buffer.from(all.subarray(HEADER_SIZE, HEADER_SIZE + length));
      const sum = all.readUInt32LE(16);
      if (this.verifyChecksum && sum !== checksum(data)) throw new AdbProtocolError('bad checksum');
      out.push({ command, arg0: all.readUInt32LE(4), arg1: all.readUInt32LE(8), data });
      const rest = all.subarray(HEADER_SIZE + length);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
    }
  }

  private flatten(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }
}
