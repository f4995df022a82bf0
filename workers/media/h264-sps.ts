/**
 * The picture size an H.264 sequence parameter set declares (ITU-T H.264 7.3.2.1.1), cropping
 * applied: the size of the device's own video in pixels, which the MP4's header must state
 * (the stream is copied, so nothing else measures it).
 */

/** The RBSP: the NAL's payload without its header byte and emulation-prevention bytes (00 00 03). */
function rbsp(nal: Buffer): Buffer {
  const out: number[] = [];
  let zeros = 0;
  for (let i = 1; i < nal.length; i++) {
    const byte = nal[i]!;
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    out.push(byte);
  }
  return Buffer.from(out);
}

class Bits {
  private pos = 0;
  constructor(private readonly data: Buffer) {}
  bit(): number {
    const byte = this.data[this.pos >> 3];
    if (byte === undefined) throw new Error('SPS ends early');
    const b = (byte >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return b;
  }
  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + this.bit();
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) if (++zeros > 31) throw new Error('malformed exp-Golomb code in SPS');
    return 2 ** zeros - 1 + this.bits(zeros);
  }
  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
  }
}

/** Profiles whose SPS carries chroma format, bit depths and scaling matrices. */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function skipScalingList(r: Bits, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j++) {
    if (next !== 0) next = (last + r.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

export function spsPictureSize(sps: Buffer): { width: number; height: number } {
  const r = new Bits(rbsp(sps));
  const profile = r.bits(8);
  r.bits(16); // constraint flags, level
  r.ue(); // seq_parameter_set_id
  let chromaFormat = 1;
  let separatePlanes = 0;
  if (HIGH_PROFILES.has(profile)) {
    chromaFormat = r.ue();
    if (chromaFormat === 3) separatePlanes = r.bit();
    r.ue(); // bit depth luma
    r.ue(); // bit depth chroma
    r.bit(); // qpprime_y_zero_transform_bypass
    if (r.bit()) for (let i = 0; i < (chromaFormat === 3 ? 12 : 8); i++) if (r.bit()) skipScalingList(r, i < 6 ? 16 : 64);
  }
  r.ue(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  if (pocType === 0) r.ue();
  else if (pocType === 1) {
    r.bit();
    r.se();
    r.se();
    const cycle = r.ue();
    for (let i = 0; i < cycle; i++) r.se();
  }
  r.ue(); // max_num_ref_frames
  r.bit(); // gaps_in_frame_num_value_allowed
  const widthMbs = r.ue() + 1;
  const heightUnits = r.ue() + 1;
  const frameMbsOnly = r.bit();
  if (!frameMbsOnly) r.bit();
  r.bit(); // direct_8x8_inference
  let width = widthMbs * 16;
  let height = heightUnits * 16 * (2 - frameMbsOnly);
  if (r.bit()) {
    const [left, right, top, bottom] = [r.ue(), r.ue(), r.ue(), r.ue()];
    const chroma = separatePlanes ? 0 : chromaFormat;
    const cropX = chroma === 1 || chroma === 2 ? 2 : 1;
    const cropY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
    width -= (left + right) * cropX;
    height -= (top + bottom) * cropY;
  }
  return { width, height };
}
