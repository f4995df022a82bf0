/**
 * H.264 in MP4 and Matroska form: the decoder configuration record (avcC) made from a stream's
 * parameter sets, and a picture's NAL units as one sample (each behind its 4-byte length).
 */

/** The avcC record for one SPS and one PPS (NAL units without start codes). */
export function avcDecoderConfig(sps: Buffer, pps: Buffer): Buffer {
  const length16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
  return Buffer.concat([
    // Version 1, then the SPS's profile, constraint flags and level.
    Buffer.from([1, sps[1] ?? 0, sps[2] ?? 0, sps[3] ?? 0]),
    // NAL lengths take 4 bytes; one SPS.
    Buffer.from([0xff, 0xe1]),
    length16(sps.length),
    sps,
    Buffer.from([1]),
    length16(pps.length),
    pps,
  ]);
}

/** A picture's NAL units as one sample: each preceded by its length in 4 bytes. */
export function lengthPrefixed(nals: Buffer[]): Buffer {
  const parts: Buffer[] = [];
  for (const nal of nals) {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(nal.length);
    parts.push(size, nal);
  }
  return Buffer.concat(parts);
}
