import { z } from 'zod';
import { SimlabError, ok } from '../../../core/contract/index.js';
import { ActionSchema, SessionSchema } from '../../../core/wire/api-views.js';
import { qint } from '../query.js';
import { route, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';
import { actionJson, sessionJson } from '../views.js';
import { readableBy } from '../../actions/secret-text.js';

const SessionParams = z.object({ id: z.string().min(1).max(200) });
const ThumbnailParams = z.object({ id: z.string().min(1).max(200), actionId: z.string().min(1).max(200) });

export function sessionRoutes(s: HubServices): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/sessions',
      command: 'sessions',
      minRole: 'viewer',
      tag: 'log',
      summary: 'Sessions (one per lease), newest first',
      query: z.object({ limit: qint(1, 500).optional(), before: qint(0, Number.MAX_SAFE_INTEGER).optional().describe('startedAt in ms: older sessions') }).strict(),
      data: z.object({ sessions: z.array(SessionSchema) }),
      handler: async ({ query }) => {
        const page = { limit: query.limit ?? 50, ...(query.before !== undefined ? { after: query.before } : {}) };
        return ok('sessions', { sessions: (await s.store.listSessions(page)).map(sessionJson) });
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id',
      command: 'session',
      minRole: 'viewer',
      tag: 'log',
      summary: 'One session',
      params: SessionParams,
      data: SessionSchema,
      handler: async ({ params }) => {
        const session = await s.store.getSession(params.id);
        if (!session) throw new SimlabError('NOT_FOUND', `no session ${params.id}`);
        return ok('session', sessionJson(session));
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/actions',
      command: 'log',
      minRole: 'viewer',
      tag: 'log',
      summary: "A session's action log, in the order the actions were recorded",
      params: SessionParams,
      query: z.object({ limit: qint(1, 1000).optional(), after: qint(0, Number.MAX_SAFE_INTEGER).optional().describe('a seq: later actions') }).strict(),
      data: z.object({ session: SessionSchema, actions: z.array(ActionSchema) }),
      handler: async ({ actor, params, query }) => {
        const session = await s.store.getSession(params.id);
        if (!session) throw new SimlabError('NOT_FOUND', `no session ${params.id}`);
        const actions = await s.store.listActions(session.id, { limit: query.limit ?? 200, ...(query.after !== undefined ? { after: query.after } : {}) });
        return ok('log', { session: sessionJson(session), actions: actions.map((a) => actionJson(readableBy(a, actor))) });
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/actions/:actionId/thumbnail',
      command: 'thumbnail',
      minRole: 'viewer',
      tag: 'log',
      summary: 'A small JPEG of the screen after one action of a session',
      params: ThumbnailParams,
      binary: 'image/jpeg',
      handler: async ({ params, reply }) => {
        const image = await s.store.actionThumbnail(params.id, params.actionId);
        if (!image) throw new SimlabError('NOT_FOUND', `no thumbnail for action ${params.actionId} of session ${params.id}`);
        // An action's thumbnail never changes once stored.
        reply.header('cache-control', 'private, max-age=86400, immutable');
        return { raw: image, contentType: 'image/jpeg' };
      },
    }),
  ];
}
