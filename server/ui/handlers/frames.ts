import { DeviceRequestSchema, FramesSubscribeSchema } from '../../../core/wire/ui-protocol.js';
import type { HubServices } from '../../api/services.js';
import { FrameRelay } from '../frame-relay.js';
import { parseMessage, type Viewer } from '../viewer.js';

/** A frame the page has not acked by then is taken as lost, and the next one goes out. */
const FRAME_ACK_TIMEOUT_MS = 5000;

/** `frames:subscribe`: the device's live frames, at most `maxFps`, at the page's scale and quality, the next only once the page took the last. */
export function subscribeFrames(s: HubServices, viewer: Viewer) {
  return (raw: unknown): void => {
    const { deviceId, maxFps, scale, quality } = parseMessage(FramesSubscribeSchema, raw);
    if (viewer.frames.has(deviceId) || !s.workers.device(deviceId)) return;
    const relay = new FrameRelay(
      (frame, done) => viewer.socket.emit('frame', { deviceId, timestamp: frame.timestamp, width: frame.width, height: frame.height, data: frame.data }, () => done()),
      maxFps ? 1000 / maxFps : 0,
      FRAME_ACK_TIMEOUT_MS,
    );
    const unsubscribe = s.workers.subscribeFrames(deviceId, (frame) => relay.push(frame), { ...(scale ? { scale } : {}), ...(quality ? { quality } : {}) });
    viewer.frames.set(deviceId, { relay, unsubscribe });
  };
}

/** `frames:unsubscribe`. */
export function unsubscribeFrames(viewer: Viewer) {
  return (raw: unknown): void => stopFrames(viewer, parseMessage(DeviceRequestSchema, raw).deviceId);
}

export function stopFrames(viewer: Viewer, deviceId: string): void {
  const sub = viewer.frames.get(deviceId);
  sub?.relay.close();
  sub?.unsubscribe();
  viewer.frames.delete(deviceId);
}
