import { z } from 'zod';
import { SimlabError, ok } from '../../../core/contract/index.js';
import { LeaseSchema } from '../../../core/wire/api-views.js';
import type { LeaseRecord } from '../../store/store.js';
import { route, signedIn, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';
import { leaseJson } from '../views.js';

const HOUR = 3_600_000;

export const AcquireBody = z
  .object({
    deviceId: z.string().min(1).max(200),
    wait: z.boolean().default(false).describe('queue for the device when another holds it'),
    timeoutMs: z.number().int().min(0).max(10 * 60_000).default(60_000).describe('how long to wait in the queue'),
    ttlMs: z.number().int().min(200).max(24 * HOUR).optional().describe('lease lifetime unless renewed (default 30 min)'),
    idleMs: z.number().int().min(200).max(HOUR).optional().describe('ends after this long without an action or renew (default 5 min)'),
  })
  .strict();

const LeaseParams = z.object({ id: z.string().min(1).max(200) });

export function leaseRoutes(s: HubServices): AnyRoute[] {
  const json = async (lease: LeaseRecord) => leaseJson(lease, (await s.store.sessionOfLease(lease.id))?.id ?? null);
  return [
    route({
      method: 'GET',
      url: '/leases',
      command: 'leases',
      minRole: 'viewer',
      tag: 'leases',
      summary: 'Live leases',
      data: z.object({ leases: z.array(LeaseSchema) }),
      handler: async () => {
        const leases = await s.store.listLiveLeases(Date.now());
        return ok('leases', { leases: await Promise.all(leases.map(json)) });
      },
    }),
    route({
      method: 'POST',
      url: '/leases',
      command: 'lease',
      minRole: 'agent',
      tag: 'leases',
      summary: 'Acquire a device (optionally waiting in its queue); DEVICE_BUSY names the holder and until when',
      body: AcquireBody,
      data: LeaseSchema,
      handler: async ({ actor, body, reply }) => {
        // A caller that hangs up while queued leaves the queue instead of being granted a lease nobody uses.
        const asked = Date.now();
        const gone = new AbortController();
        reply.raw.once('close', () => reply.raw.writableFinished || gone.abort());
        const options = {
          wait: body.wait,
          timeoutMs: body.timeoutMs,
          signal: gone.signal,
          ...(body.ttlMs ? { ttlMs: body.ttlMs } : {}),
          ...(body.idleMs ? { idleMs: body.idleMs } : {}),
        };
        const lease = await s.leases.acquire(signedIn(actor), body.deviceId, options);
        if (gone.signal.aborted && lease.acquiredAt >= asked) {
          await s.leases.end(signedIn(actor), lease.id, 'released');
          throw new SimlabError('DEVICE_BUSY', 'the caller hung up before the lease was granted');
        }
        return ok('lease', await json(lease));
      },
    }),
    route({
      method: 'POST',
      url: '/leases/:id/renew',
      command: 'lease.renew',
      minRole: 'agent',
      tag: 'leases',
      summary: 'Renew your lease (restarts its TTL)',
      params: LeaseParams,
      data: LeaseSchema,
      handler: async ({ actor, params }) => {
        return ok('lease.renew', await json(await s.leases.renew(signedIn(actor), params.id)));
      },
    }),
    route({
      method: 'DELETE',
      url: '/leases/:id',
      command: 'release',
      minRole: 'agent',
      tag: 'leases',
      summary: 'Release your lease (the next in the queue gets the device)',
      params: LeaseParams,
      data: LeaseSchema,
      handler: async ({ actor, params }) => {
        return ok('release', await json(await s.leases.end(signedIn(actor), params.id, 'released')));
      },
    }),
    route({
      method: 'POST',
      url: '/leases/:id/revoke',
      command: 'lease.revoke',
      minRole: 'admin',
      tag: 'leases',
      summary: "Revoke anyone's lease (admin)",
      params: LeaseParams,
      data: LeaseSchema,
      handler: async ({ actor, params }) => {
        return ok('lease.revoke', await json(await s.leases.end(signedIn(actor), params.id, 'revoked')));
      },
    }),
  ];
}
