// screenrecord's H.264 as a phone sends it: MediaCodec puts the parameter sets (SPS, PPS) out once,
// as its codec-config buffer before the first frame; libx264, which draws the virtual device's
// stream, repeats them before every key frame. This passes the stream through and leaves out the
// repeats, so a reader that joins a stream midway finds no SPS/PPS there, as on a phone.

const SPS = 7;
const PPS = 8;
const IDR = 5;

/** Where the next 00 00 01 begins at or after `from`, or -1. */
function startCode(buf: Buffer, from: number): number {
  for (let i = from; i + 2 < buf.length; i++) if (buf[i] === 0 && buf[i + 1] === 0 && buf[i + 2] === 1) return i;
  return -1;
}

export class ParameterSetsOnce {
  /** Bytes not passed on yet: a start code whose NAL header has not come. */
  private held: Buffer = Buffer.alloc(0);
  /** Whether the NAL being passed through is kept. */
  private keeping = true;
  private keyFrameSeen = false;

  /** The bytes of `chunk` (and of the ones before) that can go out now. */
  push(chunk: Buffer): Buffer {
    const buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const out: Buffer[] = [];
    let pos = 0;
    let next = startCode(buf, 0);
    // Each NAL is kept or left out as its header byte arrives, so nothing waits for its end.
    for (; next >= 0 && next + 3 < buf.length; next = startCode(buf, next + 3)) {
      if (this.keeping) out.push(buf.subarray(pos, next));
      const type = (buf[next + 3] ?? 0) & 0x1f;
      this.keeping = !(this.keyFrameSeen && (type === SPS || type === PPS));
      if (type === IDR) this.keyFrameSeen = true;
      pos = next;
    }
    // A start code, or the start of one, at the end waits for the next chunk.
    const holdFrom = next >= 0 ? next : Math.max(pos, buf.length - 2);
    if (this.keeping) out.push(buf.subarray(pos, holdFrom));
    this.held = Buffer.from(buf.subarray(holdFrom));
    return Buffer.concat(out);
  }

  /** The end of the stream: what was held. */
  end(): Buffer {
    const rest = this.keeping ? this.held : Buffer.alloc(0);
    this.held = Buffer.alloc(0);
    return rest;
  }
}
