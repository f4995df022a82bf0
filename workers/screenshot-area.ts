import { SimlabError } from '../core/contract/index.js';
import type { Rect, Size } from '../core/model/index.js';
import { intersectRect } from '../core/model/index.js';
import type { ScreenshotOptions } from './bridge.js';

/** The area in points a screenshot covers; INVALID_ARGS for a bad scale, format or crop. */
export function screenshotArea(options: ScreenshotOptions, screen: Size): Rect {
  const scale = options.scale ?? 1;
  const format = options.format ?? 'jpeg';
  if (!(scale > 0 && scale <= 4)) throw new SimlabError('INVALID_ARGS', `screenshot scale must be in (0, 4], not ${scale}`);
  if (format !== 'jpeg' && format !== 'png') throw new SimlabError('INVALID_ARGS', `screenshot format is jpeg or png, not ${String(format)}`);
  const whole: Rect = { x: 0, y: 0, ...screen };
  const area = options.crop ? intersectRect(options.crop, whole) : whole;
  if (!area) throw new SimlabError('INVALID_ARGS', 'the crop lies outside the screen', { details: { crop: options.crop, screen } });
  return area;
}
