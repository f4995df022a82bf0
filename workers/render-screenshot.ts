// A device's PNG screen (device pixels: Android `screencap -p`, iOS `simctl io screenshot`) as the requested image: cropped in points, scaled to
// `scale` image pixels per point, encoded as JPEG or PNG.
import sharp from 'sharp';
import type { Rect } from '../core/model/index.js';
import type { ScreenshotOptions, ScreenshotResult } from './bridge.js';

const JPEG_QUALITY = 80;

export async function renderScreenshot(png: Buffer, area: Rect, pxPerPoint: number, options: ScreenshotOptions): Promise<ScreenshotResult> {
  const scale = options.scale ?? 1;
  const format = options.format ?? 'jpeg';
  const image = sharp(png);
  const meta = await image.metadata();
  const imgW = meta.width ?? 0;
  const imgH = meta.height ?? 0;
  const left = Math.max(0, Math.min(imgW - 1, Math.round(area.x * pxPerPoint)));
  const top = Math.max(0, Math.min(imgH - 1, Math.round(area.y * pxPerPoint)));
  const width = Math.max(1, Math.min(imgW - left, Math.round(area.w * pxPerPoint)));
  const height = Math.max(1, Math.min(imgH - top, Math.round(area.h * pxPerPoint)));
  const outW = Math.max(1, Math.round(area.w * scale));
  const outH = Math.max(1, Math.round(area.h * scale));
  const pipeline = image.extract({ left, top, width, height }).resize(outW, outH, { fit: 'fill' });
  const data = format === 'png' ? await pipeline.png().toBuffer() : await pipeline.jpeg({ quality: options.quality ?? JPEG_QUALITY }).toBuffer();
  return { data, format, width: outW, height: outH, origin: { x: area.x, y: area.y }, scale };
}
