// The virtual device's animated screen as a clock (render.ts): a bar whose length is the
// millisecond within the second and, 24 px under it, one whose length is the second within ten.
// Any picture of it (a live JPEG, a decoded video frame) reads back to the device time it shows.
import sharp from 'sharp';

/** The length of a bar of render.ts's animation (at half height, and 24 px under it) as a fraction of the width. */
export function barFraction(data: Buffer, info: { width: number; channels: number }, y: number): number {
  let x = 0;
  for (; x < info.width; x++) {
    const i = (y * info.width + x) * info.channels;
    const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    if (!(b > 160 && r < 90 && g > 70 && g < 160)) break;
  }
  return x / info.width;
}

/** The device time (ms, modulo 10 s) a frame of the animation was drawn at. */
export async function frameTime(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const y = Math.round(info.height / 2) + 8;
  const ms = barFraction(data, info, y) * 1000;
  // The seconds bar moves 36 px a second: rounding to the nearest second is safe.
  const seconds = Math.round(barFraction(data, info, y + 24) * 10);
  return seconds * 1000 + ms;
}

/** Frame times unwrapped across the ten-second turns of the clock (each the nearest to the one before). */
export function unwrap(times: number[]): number[] {
  const out: number[] = [];
  for (const [i, t] of times.entries()) {
    const prev = out[i - 1];
    out.push(prev === undefined ? t : t + Math.round((prev - t) / 10_000) * 10_000);
  }
  return out;
}
