/**
 * A Matroska byte stream of frames (JPEG, or H.264 access units to be copied as they are) with
 * exact millisecond timestamps, for ffmpeg's stdin. A plain JPEG or H.264 pipe carries no times
 * (ffmpeg would stamp frames when it reads them, late under load and, for H.264, a frame late);
 * Matroska carries each frame's real time, so the video keeps the device's timing (VFR).
 * One cluster per frame with a known size; the segment's size is unknown (it is a live stream).
 */

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** An EBML variable-length size (8 bytes, the widest form: simple and always valid). */
function size(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeUInt8(0x01, 0);
  b.writeUIntBE(n, 2, 6);
  return b;
}

function id(hex: number): Buffer {
  const bytes: number[] = [];
  for (let v = hex; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from(bytes);
}

function element(elementId: number, data: Buffer): Buffer {
  return Buffer.concat([id(elementId), size(data.length), data]);
}

function uint(elementId: number, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(value));
  return element(elementId, b);
}

function str(elementId: number, value: string): Buffer {
  return element(elementId, Buffer.from(value, 'utf8'));
}

/** The one video track's codec: MJPEG, or H.264 with its decoder configuration (avcC). */
export type MatroskaCodec = { id: 'V_MJPEG' } | { id: 'V_MPEG4/ISO/AVC'; avcC: Buffer };

/** The EBML header, the segment start, its info (1 ms timestamps) and the one video track. */
export function matroskaHeader(width: number, height: number, codec: MatroskaCodec = { id: 'V_MJPEG' }): Buffer {
  const ebml = element(
    0x1a45dfa3,
    Buffer.concat([uint(0x4286, 1), uint(0x42f7, 1), uint(0x42f2, 4), uint(0x42f3, 8), str(0x4282, 'matroska'), uint(0x4287, 4), uint(0x4285, 2)]),
  );
  const info = element(0x1549a966, Buffer.concat([uint(0x2ad7b1, 1_000_000), str(0x4d80, 'simlab'), str(0x5741, 'simlab')]));
  const video = element(0xe0, Buffer.concat([uint(0xb0, width), uint(0xba, height)]));
  const track = element(0xae, Buffer.concat([uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 1), str(0x86, codec.id), ...(codec.id === 'V_MPEG4/ISO/AVC' ? [element(0x63a2, codec.avcC)] : []), video]));
  const tracks = element(0x1654ae6b, track);
  return Buffer.concat([ebml, id(0x18538067), UNKNOWN_SIZE, info, tracks]);
}

/**
 * One frame as a cluster at `ms` (milliseconds from the start of the stream). A frame given a
 * duration (the last one, whose end no next frame tells) goes in a BlockGroup that states it.
 */
export function matroskaFrame(ms: number, data: Buffer, options: { key?: boolean; durationMs?: number } = {}): Buffer {
  const key = options.key ?? true;
  const time = uint(0xe7, Math.max(0, Math.round(ms)));
  if (options.durationMs === undefined) {
    // SimpleBlock: track 1 (as a 1-byte vint), timestamp relative to the cluster (0), keyframe flag.
    const block = Buffer.concat([Buffer.from([0x81, 0x00, 0x00, key ? 0x80 : 0x00]), data]);
    return element(0x1f43b675, Buffer.concat([time, element(0xa3, block)]));
  }
  // Block, BlockDuration, and for a frame that is not a keyframe a ReferenceBlock (-1: the one before).
  const group = [element(0xa1, Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x00]), data])), uint(0x9b, Math.max(1, Math.round(options.durationMs)))];
  if (!key) group.push(element(0xfb, Buffer.from([0xff])));
  return element(0x1f43b675, Buffer.concat([time, element(0xa0, Buffer.concat(group))]));
}
