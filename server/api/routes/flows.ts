import { z } from 'zod';
import { ok } from '../../../core/contract/index.js';
import { FlowRunSchema, FlowSchema } from '../../../core/flows/flow-schema.js';
import { deadlineOf } from '../../actions/deadline.js';
import { runFlow } from '../../flows/flow-runner.js';
import { sessionFlow } from '../../flows/session-flow.js';
import { qint } from '../query.js';
import { route, signedIn, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';
import { DeviceParams } from './devices.js';

const SessionParams = z.object({ id: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only') });

const FlowRunBody = z
  .object({
    flow: FlowSchema,
    record: z.boolean().default(true).describe('record the lease while the flow runs (default true)'),
  })
  .strict();

export function flowRoutes(s: HubServices): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/sessions/:id/flow',
      command: 'flow.export',
      minRole: 'viewer',
      tag: 'flows',
      summary: "A session's actions as a flow (stable selectors, each step's expected change, the end screen) and as Maestro YAML (with the steps it cannot map)",
      params: SessionParams,
      query: z
        .object({
          from: qint(1, 1_000_000).optional().describe('first action (position in the session, from 1)'),
          to: qint(1, 1_000_000).optional().describe('last action, included'),
          name: z.string().min(1).max(200).optional(),
        })
        .strict(),
      data: z.object({ flow: FlowSchema, maestro: z.object({ yaml: z.string(), unmapped: z.array(z.object({ step: z.number(), command: z.string(), why: z.string() })) }) }),
      handler: async ({ actor, params, query }) => ok('flow.export', await sessionFlow(s, params.id, query, actor)),
    }),
    route({
      method: 'POST',
      url: '/devices/:id/flows',
      command: 'flow.run',
      minRole: 'agent',
      tag: 'flows',
      summary:
        'Runs a flow on your leased device: every step is checked first, then run as an action (logged, recorded) in order; stops at the first failure with its error envelope (the report so far in details.run); each step reports ok, changed (not as recorded) or target_not_found; X-Simlab-Deadline-Ms bounds each step',
      params: DeviceParams,
      body: FlowRunBody,
      data: FlowRunSchema,
      handler: async ({ actor, params, body, request }) => runFlow(s, signedIn(actor), params.id, body.flow, { record: body.record, deadlineMs: deadlineOf(request.headers) }),
    }),
  ];
}
