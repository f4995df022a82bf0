import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { z } from 'zod';
import { SimlabError, fail, failFrom, httpStatusOf, type Envelope } from '../../core/contract/index.js';
import { invalidArgs } from '../../core/wire/invalid-args.js';
import { resolveActor, type Actor } from '../auth/actor.js';
import { allowedOriginsFromEnv, originAllowed, usesCookie } from '../auth/origin.js';
import { roleAtLeast } from '../auth/roles.js';
import { registerMcpEndpoint } from '../mcp/mcp-endpoint.js';
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from '../ops/request-context.js';
import { openApiDocument } from './openapi.js';
import { API_PREFIX } from './prefix.js';
import { isRaw, type AnyRoute } from './route.js';
import type { HubServices } from './services.js';
import { commandRoutes } from './routes/commands.js';
import { deviceRoutes } from './routes/devices.js';
import { leaseRoutes } from './routes/leases.js';
import { metaRoutes } from './routes/meta.js';
import { recordingRoutes } from './routes/recordings.js';
import { clipRoutes } from './routes/clips.js';
import { flowRoutes } from './routes/flows.js';
import { shareRoutes } from './routes/shares.js';
import { sessionRoutes } from './routes/sessions.js';
import { tokenRoutes } from './routes/tokens.js';

export { API_PREFIX };
const BODY_LIMIT = 256 * 1024;

export interface RateLimit {
  /** Requests per window per token (per address without a token). */
  max: number;
  windowMs: number;
}

const DEFAULT_RATE_LIMIT: RateLimit = { max: 1200, windowMs: 60_000 };

export interface ApiOptions {
  rateLimit?: RateLimit;
  logger?: boolean;
  /** Builds the HTTP server around fastify's handler (the hub's one-port dispatcher). */
  serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => Server;
  /** Registers routes outside /api/v1 (health, metrics) under the same error handling. */
  extraRoutes?: (app: FastifyInstance) => void;
}

/** Every route of the API, in one table: registered, published in OpenAPI, walked by the auth test. */
export function routeTable(s: HubServices): AnyRoute[] {
  return [...metaRoutes(s), ...deviceRoutes(s), ...leaseRoutes(s), ...commandRoutes(s), ...sessionRoutes(s), ...recordingRoutes(s), ...shareRoutes(s), ...flowRoutes(s), ...clipRoutes(s), ...tokenRoutes(s)];
}

function send(reply: FastifyReply, envelope: Envelope): FastifyReply {
  return reply
    .code(envelope.ok ? 200 : httpStatusOf(envelope.error.code))
    .type('application/json; charset=utf-8')
    .send(envelope);
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, what: string): unknown {
  if (!schema) return value;
  const r = schema.safeParse(value);
  if (!r.success) throw invalidArgs(`bad ${what}`, r.error.issues, '(root)');
  return r.data;
}

/**
 * A rate-limit key per token id (so guessing secrets for one id shares that id's budget), else
 * per address.
 */
function rateKey(req: FastifyRequest): string {
  const source = req.headers.authorization ?? req.headers.cookie ?? '';
  const id = /slk_([0-9a-f]{16})_/.exec(source)?.[1];
  return id ? `t:${id}` : `a:${req.ip}`;
}

/** Whatever fastify threw (parsing, limits, media types) as an envelope; only our own bugs are INTERNAL. */
function envelopeOfError(err: unknown, command: string): Envelope {
  if (err instanceof SimlabError) return failFrom(command, err);
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return fail(command, 'INVALID_ARGS', `the body is over ${BODY_LIMIT} bytes`, { details: { limitBytes: BODY_LIMIT } });
  }
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return fail(command, 'INVALID_ARGS', 'send bodies as application/json');
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return fail(command, 'INVALID_ARGS', e.message ?? 'bad request');
  }
  return failFrom(command, err, 'not_delivered');
}

export async function buildApi(s: HubServices, options: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 300 },
    serverFactory: options.serverFactory,
    // Each request's id (the caller's X-Request-Id when it is plain, else a new one) is in every
    // log line, in the answer's header, and travels with the command to the worker.
    genReqId: (req) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
    frameworkErrors: (error, _req, reply) => void send(reply, fail('http', 'INVALID_ARGS', error.message)),
  });
  const actors = new WeakMap<FastifyRequest, Actor>();
  const commandOf = (req: FastifyRequest) => String((req.routeOptions.config as { command?: string } | undefined)?.command ?? 'http');

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(new SimlabError('INVALID_ARGS', `malformed JSON: ${(err as Error).message}`), undefined);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });

  app.setErrorHandler((err, req, reply) => {
    const envelope = envelopeOfError(err, commandOf(req));
    if (!envelope.ok && envelope.error.code === 'INTERNAL') req.log.error({ err }, 'internal error');
    return send(reply, envelope);
  });
  app.setNotFoundHandler((req, reply) =>
    send(reply, fail('http', 'NOT_FOUND', `no route ${req.method} ${req.url.split('?')[0]}`, { hint: `see ${API_PREFIX}/openapi.json` })),
  );

  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  await app.register(rateLimit, {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: rateKey,
    errorResponseBuilder: (_req, ctx) =>
      new SimlabError('RATE_LIMITED', `over ${ctx.max} requests per ${limit.windowMs} ms for this token`, { retryAfterMs: ctx.ttl, details: { max: ctx.max } }),
  });

  const allowedOrigins = allowedOriginsFromEnv();
  const table = routeTable(s);
  for (const def of table) {
    app.route({
      method: def.method,
      url: API_PREFIX + def.url,
      config: { command: def.command },
      onRequest: async (req) => {
        if (def.minRole === null) return;
        if (def.method !== 'GET' && usesCookie(req.headers) && !originAllowed(req.headers, allowedOrigins)) {
          throw new SimlabError('FORBIDDEN', `a request from ${String(req.headers.origin ?? 'another site')} may not act with this hub's cookie`, {
            hint: 'Browsers act from the hub\'s own pages (or SIMLAB_ALLOWED_ORIGINS); other clients send Authorization: Bearer <token>.',
          });
        }
        const actor = await resolveActor(req.headers, s.verifier, req.ip);
        if (!roleAtLeast(actor.role, def.minRole)) {
          throw new SimlabError('FORBIDDEN', `${def.method} ${def.url} needs the ${def.minRole} role or above; this token is ${actor.role}`);
        }
        actors.set(req, actor);
      },
      handler: async (req, reply) => {
        const result = await withRequestId(req.id, () =>
          def.handler({
            actor: actors.get(req) ?? null,
            params: parse(def.params, req.params, 'path'),
            query: parse(def.query, req.query ?? {}, 'query'),
            body: parse(def.body, req.body ?? {}, 'body'),
            request: req,
            reply,
          }),
        );
        if (isRaw(result)) return reply.code(result.status ?? 200).type(result.contentType).send(result.raw);
        return send(reply, result);
      },
    });
  }
  options.extraRoutes?.(app);
  registerMcpEndpoint(app, s);
  const document = openApiDocument(table, API_PREFIX, s.hubVersion);
  app.get(`${API_PREFIX}/openapi.json`, { config: { command: 'openapi' } }, async (_req, reply) => reply.type('application/json').send(document));
  return app;
}
