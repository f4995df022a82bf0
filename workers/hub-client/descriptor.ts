import type { DeviceDescriptor } from '../../core/wire/device.js';
import type { WorkerDevice } from './worker-device.js';

/** How a device is announced to the hub: the bridge's info under the worker's id for it, plus capabilities and status. */
export function descriptorOf(device: WorkerDevice): DeviceDescriptor {
  const { info, capabilities } = device.bridge;
  return {
    id: device.id,
    platform: info.platform,
    model: info.model,
    name: info.name,
    size: { w: info.size.w, h: info.size.h },
    scale: info.scale,
    orientation: info.orientation,
    capabilities: {
      multiTouch: capabilities.multiTouch,
      hitTest: capabilities.hitTest,
      type: capabilities.type,
      paste: capabilities.paste,
      keys: [...capabilities.keys],
      buttons: [...capabilities.buttons],
      screenshot: capabilities.screenshot,
      frames: capabilities.frames,
      record: capabilities.record,
      platformVerbs: [...capabilities.platformVerbs],
      ...(capabilities.reasons ? { reasons: { ...capabilities.reasons } } : {}),
    },
    ...(device.bridge.status ? { status: device.bridge.status() } : {}),
  };
}
