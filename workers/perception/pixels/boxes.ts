/** An image as sharp gives it raw: `channels` bytes per pixel, row by row. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

type Box = { x: number; y: number; w: number; h: number };

/** Colour distance (max channel difference) above which two pixels are different paint. */
const EDGE = 40;

function pixel(img: RawImage, x: number, y: number): number[] {
  const i = (Math.round(y) * img.width + Math.round(x)) * img.channels;
  return [img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0];
}

function differ(a: number[], b: number[]): boolean {
  return Math.max(Math.abs((a[0] ?? 0) - (b[0] ?? 0)), Math.abs((a[1] ?? 0) - (b[1] ?? 0)), Math.abs((a[2] ?? 0) - (b[2] ?? 0))) > EDGE;
}

/**
 * From a point just outside the text, the first place in a direction where the paint changes
 * (the edge of the shape holding the text), within `max` pixels; undefined when none.
 */
function edgeFrom(img: RawImage, x: number, y: number, dx: number, dy: number, max: number): number | undefined {
  const fill = pixel(img, x, y);
  for (let i = 1; i <= max; i++) {
    const px = x + dx * i;
    const py = y + dy * i;
    if (px < 0 || py < 0 || px >= img.width || py >= img.height) return undefined;
    if (differ(pixel(img, px, py), fill)) return dx !== 0 ? px : py;
  }
  return undefined;
}

/**
 * Simple control detection: the painted box around a line of text, where there is one (a button
 * drawn on a canvas is a filled or outlined rectangle with its label inside). Walks out from the
 * text's sides along its centre lines to the first change of paint on all four sides; a box is
 * one whose sides are all found within a button's margins. Text sitting on the page background
 * has no such edges and stays text.
 */
export function boxAround(img: RawImage, text: Box, pxPerPt: number): Box | undefined {
  const cx = text.x + text.w / 2;
  const cy = text.y + text.h / 2;
  const gap = Math.max(2, Math.round(pxPerPt * 2));
  const maxX = Math.round(pxPerPt * 180);
  const maxY = Math.round(pxPerPt * 30);
  const left = edgeFrom(img, text.x - gap, cy, -1, 0, maxX);
  const right = edgeFrom(img, text.x + text.w + gap, cy, 1, 0, maxX);
  const top = edgeFrom(img, cx, text.y - gap, 0, -1, maxY);
  const bottom = edgeFrom(img, cx, text.y + text.h + gap, 0, 1, maxY);
  if (left === undefined || right === undefined || top === undefined || bottom === undefined) return undefined;
  return { x: left, y: top, w: right - left, h: bottom - top };
}
