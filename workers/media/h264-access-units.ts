/**
 * Cuts an H.264 Annex B byte stream (screenrecord's `--output-format=h264`) into access units
 * (one picture each), stamped with the time the unit's first byte arrived: that is when the
 * device sent the frame, which a decoder's output or ffmpeg's wall clock (both a frame late: a
 * unit ends only where the next begins) would not say.
 */

export interface AccessUnit {
  /** NAL units without their start codes, in stream order (parameter sets included). */
  nals: Buffer[];
  /** Host time (ms) its first byte arrived. */
  at: number;
  /** An IDR picture: decoding can start here (given the parameter sets). */
  key: boolean;
}

export const NAL_SEI = 6;
export const NAL_SPS = 7;
export const NAL_PPS = 8;
const NAL_IDR = 5;
const NAL_SLICE = 1;
const NAL_AUD = 9;

export const nalType = (nal: Buffer): number => (nal[0] ?? 0) & 0x1f;
const isSlice = (type: number) => type === NAL_SLICE || type === NAL_IDR;

/** Where the next start code (00 00 01) begins at or after `from`, or -1. */
function startCode(buf: Buffer, from: number): number {
  for (let i = from; i + 2 < buf.length; i++) {
    if (buf[i + 2]! > 1) i += 2;
    else if (buf[i] === 0 && buf[i + 1] === 0 && buf[i + 2] === 1) return i;
  }
  return -1;
}

export class AccessUnitReader {
  /** Bytes from the current NAL's first byte on (its start code already consumed). */
  private pending: Buffer = Buffer.alloc(0);
  private inNal = false;
  private unit: AccessUnit | null = null;

  constructor(private readonly onUnit: (unit: AccessUnit) => void) {}

  push(chunk: Buffer, at = Date.now()): void {
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    // Search from a little before the new bytes: a start code (and the two header bytes read
    // after it) may straddle two chunks.
    let from = Math.max(0, this.pending.length - 5);
    for (;;) {
      const next = startCode(buf, from);
      if (next < 0 || next + 5 > buf.length) break;
      if (this.inNal) {
        // A 4-byte start code's leading zero (and any trailing zeros) belongs to no NAL.
        let end = next;
        while (end > 0 && buf[end - 1] === 0) end--;
        this.completed(buf.subarray(0, end));
      }
      this.begins(buf.subarray(next + 3, next + 5), at);
      this.inNal = true;
      buf = buf.subarray(next + 3);
      from = 0;
    }
    // Before the first start code nothing is kept but what may be the start of one.
    this.pending = this.inNal || buf.length < 5 ? buf : buf.subarray(buf.length - 5);
  }

  /** The stream ended: what is held is whole. */
  flush(): void {
    if (this.inNal && this.pending.length > 0) this.completed(this.pending);
    this.pending = Buffer.alloc(0);
    this.inNal = false;
    if (this.unit) this.onUnit(this.unit);
    this.unit = null;
  }

  /**
   * A NAL starts (its first two bytes are here): a new picture begins with a non-VCL unit that
   * precedes pictures, or with a slice whose first_mb_in_slice is 0 (its ue(v) code is the single
   * bit 1), once the unit being read has a slice. Deciding here, not when the NAL ends, hands a
   * picture over as soon as the next one starts.
   */
  private begins(header: Buffer, at: number): void {
    const type = nalType(header);
    let hasSlice = this.unit?.nals.some((n) => isSlice(nalType(n))) ?? false;
    const first = type === NAL_AUD || type === NAL_SEI || type === NAL_SPS || type === NAL_PPS || (type >= 14 && type <= 18) || (isSlice(type) && ((header[1] ?? 0) & 0x80) !== 0);
    if (hasSlice && first && this.unit) {
      this.onUnit(this.unit);
      this.unit = null;
      hasSlice = false;
    }
    this.unit ??= { nals: [], at, key: false };
    // The unit's time is its picture's: parameter sets may have been sent well before it.
    if (isSlice(type) && !hasSlice) this.unit.at = at;
  }

  private completed(nal: Buffer): void {
    if (nal.length === 0 || !this.unit) return;
    // Copied: the chunk it came in may be reused by the stream.
    this.unit.nals.push(Buffer.from(nal));
    if (nalType(nal) === NAL_IDR) this.unit.key = true;
  }
}
