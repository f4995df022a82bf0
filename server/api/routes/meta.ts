import { z } from 'zod';
import { ok } from '../../../core/contract/index.js';
import { route, signedIn, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';

export function metaRoutes(s: HubServices): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/health',
      command: 'health',
      minRole: null,
      tag: 'meta',
      summary: 'Is the hub up (no token needed)',
      data: z.object({ status: z.literal('ok'), version: z.string(), uptimeMs: z.number(), workers: z.number(), devices: z.object({ online: z.number(), total: z.number() }) }),
      handler: async () => {
        const devices = s.workers.devices();
        return ok('health', {
          status: 'ok' as const,
          version: s.hubVersion,
          uptimeMs: Date.now() - s.startedAt,
          workers: s.workers.workerCount(),
          devices: { online: devices.filter((d) => d.online).length, total: devices.length },
        });
      },
    }),
    route({
      method: 'GET',
      url: '/me',
      command: 'me',
      minRole: 'viewer',
      tag: 'meta',
      summary: 'Who this token is',
      data: z.object({ tokenId: z.string(), name: z.string(), role: z.string() }),
      handler: async ({ actor }) => ok('me', signedIn(actor)),
    }),
  ];
}
