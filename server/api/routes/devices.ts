import { z } from 'zod';
import { SimlabError, ok } from '../../../core/contract/index.js';
import { DeviceSchema } from '../../../core/wire/api-views.js';
import { route, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';
import { deviceJson } from '../views.js';

export const DeviceParams = z.object({ id: z.string().min(1).max(200) });

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
  ];
}
