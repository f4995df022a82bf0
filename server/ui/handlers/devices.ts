import { SimlabError, failFrom, ok, type Envelope } from '../../../core/contract/index.js';
import { DeviceRequestSchema, type ActionEntry } from '../../../core/wire/ui-protocol.js';
import type { HubServices } from '../../api/services.js';
import { actionJson } from '../../api/views.js';
import { readableBy, type Reader } from '../../actions/secret-text.js';
import { deviceSummaries } from '../device-summaries.js';
import { deviceRoom, type DevicePresence } from '../presence.js';
import { parseMessage, replyOf, type Viewer } from '../viewer.js';

/** Recent actions a device page starts with. */
const RECENT_ACTIONS = 100;

async function recentActions(s: HubServices, deviceId: string, reader: Reader): Promise<ActionEntry[]> {
  const sessions = (await s.store.listSessions({ limit: 200 })).filter((x) => x.deviceId === deviceId).slice(0, 3);
  const lists = await Promise.all(sessions.map((x) => s.store.listActions(x.id, { limit: 1000 })));
  return lists
    .flat()
    .sort((a, b) => a.seq - b.seq)
    .slice(-RECENT_ACTIONS)
    .map((a) => actionJson(readableBy(a, reader)));
}

/** `devices:watch`: the device list now, and its changes from then on. */
export function watchDevices(s: HubServices, viewer: Viewer) {
  return async (ack: unknown): Promise<void> => {
    await viewer.socket.join('devices');
    replyOf<Envelope>(ack)(ok('devices', { devices: await deviceSummaries(s) }));
  };
}

/** `device:watch`: one device, its recent actions, and its changes and new actions from then on. */
export function watchDevice(s: HubServices, viewer: Viewer, presence: DevicePresence) {
  return async (raw: unknown, ack: unknown): Promise<void> => {
    const reply = replyOf<Envelope>(ack);
    try {
      const { deviceId } = parseMessage(DeviceRequestSchema, raw);
      const [device] = await deviceSummaries(s, new Set([deviceId]));
      if (!device) throw new SimlabError('NOT_FOUND', `no device ${deviceId}`);
      await viewer.socket.join(deviceRoom(deviceId));
      presence.deviceChanged(deviceId);
      reply(ok('device.watch', { device, actions: await recentActions(s, deviceId, viewer.actor) }));
    } catch (err) {
      reply(failFrom('device.watch', err));
    }
  };
}

/** `device:unwatch`. */
export function unwatchDevice(viewer: Viewer, presence: DevicePresence) {
  return async (raw: unknown): Promise<void> => {
    const { deviceId } = parseMessage(DeviceRequestSchema, raw);
    await viewer.socket.leave(deviceRoom(deviceId));
    presence.deviceChanged(deviceId);
  };
}

/** `device:viewers`: who has the device's page open now (any hub). */
export function deviceViewers(presence: DevicePresence) {
  return async (raw: unknown, ack: unknown): Promise<void> => {
    const reply = replyOf<Envelope>(ack);
    try {
      const { deviceId } = parseMessage(DeviceRequestSchema, raw);
      reply(ok('device.viewers', await presence.viewersOf(deviceId)));
    } catch (err) {
      reply(failFrom('device.viewers', err));
    }
  };
}
