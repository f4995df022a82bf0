// minicap's socket protocol (documented in its README): once per connection a global header
// (version, header size, pid, real and virtual display size, orientation, quirk flags), then
// frames, each a 4-byte little-endian length and that many bytes of JPEG. The reader takes the
// bytes as they arrive, in chunks of any size, and hands back whole pieces.

export interface MinicapHeader {
  version: number;
  pid: number;
  realWidth: number;
  realHeight: number;
  virtualWidth: number;
  virtualHeight: number;
  /** Degrees: 0, 90, 180 or 270. */
  orientation: number;
  quirks: { dumb: boolean; alwaysUpright: boolean; tear: boolean };
}

/** The header as minicap 1 sends it; a later version may send a longer one (its size is byte 1). */
export const MINICAP_HEADER_SIZE = 24;
const QUIRK_DUMB = 1;
const QUIRK_ALWAYS_UPRIGHT = 2;
const QUIRK_TEAR = 4;
/** A frame larger than this is a broken stream, not a picture (a 4K screen's JPEG is a few MB). */
export const MAX_FRAME_BYTES = 32 * 1024 * 1024;

export class MinicapProtocolError extends Error {}

function decodeHeader(b: Buffer): MinicapHeader {
  const orientationByte = b.readUInt8(22);
  // minicap sends the rotation as degrees / 90 (0..3); anything else is not minicap speaking.
  if (orientationByte > 3) throw new MinicapProtocolError(`orientation byte ${orientationByte} is not 0..3`);
  const quirks = b.readUInt8(23);
  return {
    version: b.readUInt8(0),
    pid: b.readUInt32LE(2),
    realWidth: b.readUInt32LE(6),
    realHeight: b.readUInt32LE(10),
    virtualWidth: b.readUInt32LE(14),
    virtualHeight: b.readUInt32LE(18),
    orientation: orientationByte * 90,
    quirks: { dumb: (quirks & QUIRK_DUMB) !== 0, alwaysUpright: (quirks & QUIRK_ALWAYS_UPRIGHT) !== 0, tear: (quirks & QUIRK_TEAR) !== 0 },
  };
}

export type MinicapPiece = { kind: 'header'; header: MinicapHeader } | { kind: 'frame'; jpeg: Buffer };

/** Reads one connection's bytes; throws MinicapProtocolError on bytes that cannot be minicap's. */
export class MinicapReader {
  private pending: Buffer = Buffer.alloc(0);
  private header: MinicapHeader | undefined;

  push(chunk: Buffer): MinicapPiece[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const pieces: MinicapPiece[] = [];
    if (!this.header) {
      if (this.pending.length < 2) return pieces;
      const size = this.pending.readUInt8(1);
      if (this.pending.readUInt8(0) < 1 || size < MINICAP_HEADER_SIZE) {
        throw new MinicapProtocolError(`not a minicap header (version ${this.pending.readUInt8(0)}, size ${size})`);
      }
      if (this.pending.length < size) return pieces;
      this.header = decodeHeader(this.pending);
      this.pending = this.pending.subarray(size);
      pieces.push({ kind: 'header', header: this.header });
    }
    for (;;) {
      if (this.pending.length < 4) return pieces;
      const n = this.pending.readUInt32LE(0);
      if (n === 0 || n > MAX_FRAME_BYTES) throw new MinicapProtocolError(`frame length ${n} out of range`);
      if (this.pending.length < 4 + n) return pieces;
      const jpeg = Buffer.from(this.pending.subarray(4, 4 + n));
      this.pending = this.pending.subarray(4 + n);
      if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new MinicapProtocolError('a frame that does not start as a JPEG');
      pieces.push({ kind: 'frame', jpeg });
    }
  }
}
