import { z } from 'zod';
import { SimlabError, ok } from '../../../core/contract/index.js';
import { DeviceSchema } from '../../../core/wire/api-views.js';
import { route, type AnyRoute } from '../route.js';
import { DEVICE_ID_PATTERN } from '../../../core/wire/device.js';
import type { HubServices } from '../services.js';
import { deviceJson } from '../views.js';

export const DeviceParams = z.object({ id: z.string().min(1).max(200).regex(DEVICE_ID_PATTERN, 'not a device id') });

const DeviceOwner = z.object({
  deviceId: z.string(),
  /** The worker token the device id belongs to; null until a worker claims it. */
  ownerTokenId: z.string().nullable(),
});
const SetOwnerBody = z
  .object({ tokenId: z.string().min(1).max(100).nullable().describe('a worker token id; null lets the next worker to announce the device claim it') })
  .strict();

export function deviceRoutes(s: HubServices): AnyRoute[] {
  const holders = async () => new Map((await s.store.listLiveLeases(Date.now())).map((l) => [l.deviceId, l]));
  return [
    route({
      method: 'GET',
      url: '/devices',
      command: 'devices',
      minRole: 'viewer',
      tag: 'devices',
      summary: 'List devices with platform, state, capabilities and lease holder',
      data: z.object({ devices: z.array(DeviceSchema) }),
      handler: async () => {
        const leases = await holders();
        return ok('devices', { devices: s.workers.devices().map((v) => deviceJson(v, leases.get(v.id))) });
      },
    }),
    route({
      method: 'GET',
      url: '/devices/:id',
      command: 'device',
      minRole: 'viewer',
      tag: 'devices',
      summary: 'One device',
      params: DeviceParams,
      data: DeviceSchema,
      handler: async ({ params }) => {
        const view = s.workers.device(params.id);
        if (!view) throw new SimlabError('NOT_FOUND', `no device ${params.id}`, { hint: 'GET /api/v1/devices lists them' });
        return ok('device', deviceJson(view, (await holders()).get(view.id)));
      },
    }),
    route({
      method: 'GET',
      url: '/devices/:id/owner',
      command: 'device.owner',
      minRole: 'admin',
      tag: 'devices',
      summary: 'Which worker token a device id belongs to',
      params: DeviceParams,
      data: DeviceOwner,
      handler: async ({ params }) => {
        const record = (await s.store.listDevices()).find((d) => d.id === params.id);
        if (!record) throw new SimlabError('NOT_FOUND', `no device ${params.id}`);
        return ok('device.owner', { deviceId: record.id, ownerTokenId: record.ownerTokenId ?? null });
      },
    }),
    route({
      method: 'POST',
      url: '/devices/:id/owner',
      command: 'device.owner.set',
      minRole: 'admin',
      tag: 'devices',
      summary: 'Move a device id to another worker token (its current worker keeps it until it reconnects)',
      params: DeviceParams,
      body: SetOwnerBody,
      data: DeviceOwner,
      handler: async ({ params, body }) => {
        if (body.tokenId !== null) {
          const token = await s.store.getToken(body.tokenId);
          if (!token || token.role !== 'worker') throw new SimlabError('INVALID_ARGS', `${body.tokenId} is not a worker token`);
        }
        if (!(await s.store.setDeviceOwner(params.id, body.tokenId))) throw new SimlabError('NOT_FOUND', `no device ${params.id}`);
        return ok('device.owner.set', { deviceId: params.id, ownerTokenId: body.tokenId });
      },
    }),
    route({
      method: 'DELETE',
      url: '/devices/:id',
      command: 'device.remove',
      minRole: 'admin',
      tag: 'devices',
      summary: 'Forget an offline device (a worker that comes back with it announces it again)',
      params: DeviceParams,
      data: z.object({ deviceId: z.string(), removed: z.literal(true) }),
      handler: async ({ params }) => {
        const view = s.workers.device(params.id);
        if (view?.online) throw new SimlabError('DEVICE_BUSY', `device ${params.id} is online`, { hint: "stop its worker or revoke its worker token first" });
        if (!(await s.workers.removeDevice(params.id))) throw new SimlabError('NOT_FOUND', `no device ${params.id}`);
        return ok('device.remove', { deviceId: params.id, removed: true as const });
      },
    }),
  ];
}
