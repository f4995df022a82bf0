import { DeviceRequestSchema } from '../../../core/wire/ui-protocol.js';
import type { HubServices } from '../../api/services.js';
import { SharedOutlines } from '../shared-outlines.js';
import { parseMessage, type Viewer } from '../viewer.js';

/** `outline:subscribe`: the device's outline as it changes, read in this token's scope. */
export function subscribeOutline(s: HubServices, outlines: SharedOutlines, viewer: Viewer) {
  return (raw: unknown): void => {
    const { deviceId } = parseMessage(DeviceRequestSchema, raw);
    if (s.workers.device(deviceId)) outlines.follow(viewer, deviceId);
  };
}

/** `outline:unsubscribe`. */
export function unsubscribeOutline(outlines: SharedOutlines, viewer: Viewer) {
  return (raw: unknown): void => {
    const { deviceId } = parseMessage(DeviceRequestSchema, raw);
    outlines.unfollow(viewer, SharedOutlines.key(deviceId, viewer));
  };
}
