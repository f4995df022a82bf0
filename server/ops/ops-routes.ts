import type { FastifyInstance } from 'fastify';
import { SimlabError } from '../../core/contract/index.js';
import { resolveActor } from '../auth/actor.js';
import { roleAtLeast } from '../auth/roles.js';
import type { TokenVerifier } from '../auth/tokens.js';
import type { HubMetrics } from './metrics.js';

/** One dependency the hub needs to serve (the store, Redis): rejects when it does not answer. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** Paths served outside /api/v1, for load balancers and Prometheus. */
export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

const CHECK_TIMEOUT_MS = 2000;

function withinTimeout(p: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * /healthz: the process answers (liveness, no token). /readyz: every dependency answers, else
 * 503 naming the ones that do not (readiness, no token). /metrics: Prometheus text for a viewer
 * token or above (a bearer token in the scrape config), since it names devices.
 */
export function registerOpsRoutes(app: FastifyInstance, deps: { verifier: TokenVerifier; metrics: HubMetrics; checks: ReadinessCheck[] }): void {
  app.get('/healthz', { config: { command: 'healthz' } }, async (_req, reply) => reply.type('application/json').send({ status: 'ok' }));
  app.get('/readyz', { config: { command: 'readyz' } }, async (_req, reply) => {
    const results = await Promise.all(
      deps.checks.map(async (c) => {
        try {
          await withinTimeout(c.check());
          return { name: c.name, ok: true };
        } catch (err) {
          return { name: c.name, ok: false, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    const ready = results.every((r) => r.ok);
    return reply
      .code(ready ? 200 : 503)
      .type('application/json')
      .send({ status: ready ? 'ready' : 'not_ready', checks: results });
  });
  app.get('/metrics', { config: { command: 'metrics' } }, async (req, reply) => {
    const actor = await resolveActor(req.headers, deps.verifier, req.ip);
    if (!roleAtLeast(actor.role, 'viewer')) throw new SimlabError('FORBIDDEN', 'metrics need a viewer token or above');
    return reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
}
