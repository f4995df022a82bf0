import type { CommandArgs } from '../../core/wire/commands.js';
import type { DeviceBridge } from '../bridge.js';
import { checkRect } from './targets.js';

/** A screenshot as JSON: the image in base64 and how its pixels map back to device points. */
export async function screenshotCommand(session: { bridge: DeviceBridge }, a: CommandArgs<'screenshot'>): Promise<unknown> {
  if (a.crop) checkRect(a.crop, session.bridge.info.size, 'crop');
  const shot = await session.bridge.screenshot(a.crop ? { scale: a.scale, format: a.format, crop: a.crop } : { scale: a.scale, format: a.format });
  return {
    format: shot.format,
    width: shot.width,
    height: shot.height,
    origin: shot.origin,
    scale: shot.scale,
    base64: shot.data.toString('base64'),
  };
}
