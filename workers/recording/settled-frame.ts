import sharp from 'sharp';

/** Frames are compared as small grey images: enough to see a control change, cheap to decode. */
const SIGNATURE_WIDTH = 96;
/** A grey level step that counts as a changed pixel (JPEG noise stays well below it). */
const PIXEL_STEP = 24;
/** A frame shows the settled screen when under this share of the action's changed pixels still differ from it. */
const STILL_DIFFERENT = 0.1;
/** The most frames looked at per action, newest first. */
const MAX_FRAMES = 400;

interface Signature {
  pixels: Buffer;
}

async function signature(jpeg: Buffer): Promise<Signature> {
  const { data } = await sharp(jpeg).resize({ width: SIGNATURE_WIDTH, height: SIGNATURE_WIDTH * 3, fit: 'fill' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data };
}

export interface TimedJpeg {
  timestamp: number;
  data: Buffer;
}

/**
 * The first frame from which the screen shows what the action settled on: the pixels the action
 * changed (before vs after) are compared, newest frame first, so changes elsewhere on the screen
 * (a clock, a live feed) do not count. Undefined when the action changed no pixels.
 */
export async function settledFrame(before: TimedJpeg, after: TimedJpeg, during: TimedJpeg[]): Promise<TimedJpeg | undefined> {
  const [b, a] = await Promise.all([signature(before.data), signature(after.data)]);
  const changed: number[] = [];
  for (let i = 0; i < a.pixels.length; i++) if (Math.abs(a.pixels[i]! - b.pixels[i]!) > PIXEL_STEP) changed.push(i);
  if (changed.length === 0) return undefined;
  let settled = after;
  for (const frame of during.slice(-MAX_FRAMES).reverse()) {
    const f = await signature(frame.data);
    const differing = changed.filter((i) => Math.abs(f.pixels[i]! - a.pixels[i]!) > PIXEL_STEP).length;
    if (differing / changed.length >= STILL_DIFFERENT) break;
    settled = frame;
  }
  return settled;
}
