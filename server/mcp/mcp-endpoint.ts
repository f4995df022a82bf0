import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail, failFrom, httpStatusOf, type Envelope } from '../../core/contract/index.js';
import type { LabCall } from '../../core/mcp/lab-call.js';
import { callLabTool, listLabTools, MCP_INSTRUCTIONS } from '../../core/mcp/lab-tools.js';
import { API_PREFIX } from '../api/prefix.js';
import type { HubServices } from '../api/services.js';
import { resolveActor } from '../auth/actor.js';

export const MCP_PATH = '/mcp';

function send(reply: FastifyReply, envelope: Envelope): FastifyReply {
  return reply.code(envelope.ok ? 200 : httpStatusOf(envelope.error.code)).type('application/json; charset=utf-8').send(envelope);
}

/**
 * The REST API called in-process with the caller's own Authorization header: every tool goes
 * through the same route, role check, rate limit, validation and action log as over HTTP.
 */
function injectingCall(app: FastifyInstance, authorization: string): LabCall {
  return async (r) => {
    const url = new URL(`${API_PREFIX}${r.path}`, 'http://hub');
    for (const [k, v] of Object.entries(r.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await app.inject({ method: r.method, url: url.pathname + url.search, headers, ...(r.body === undefined ? {} : { payload: JSON.stringify(r.body) }) });
    try {
      return JSON.parse(answer.body) as Envelope;
    } catch {
      return fail(r.command, 'INTERNAL', `the API answered HTTP ${answer.statusCode} without an envelope`);
    }
  };
}

/**
 * Streamable HTTP MCP at /mcp (stateless: every POST is a whole exchange, answered as JSON).
 * Only a Bearer token is accepted, never the dashboard's cookie, so a web page cannot drive a
 * device through a signed-in person's browser.
 */
export function registerMcpEndpoint(app: FastifyInstance, s: HubServices): void {
  app.post(MCP_PATH, { config: { command: 'mcp' } }, async (req, reply) => {
    const authorization = req.headers.authorization;
    if (!authorization) return send(reply, fail('mcp', 'UNAUTHORIZED', 'no token: send Authorization: Bearer <token>'));
    try {
      await resolveActor({ authorization }, s.verifier, req.ip);
    } catch (err) {
      return send(reply, failFrom('mcp', err));
    }
    const call = injectingCall(app, authorization);
    const server = new Server({ name: 'simlab', version: s.hubVersion }, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listLabTools() }));
    server.setRequestHandler(CallToolRequestSchema, (r) => callLabTool(call, r.params.name, r.params.arguments ?? {}));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      config: { command: 'mcp' },
      handler: async (_req, reply) =>
        reply.code(405).header('allow', 'POST').type('application/json; charset=utf-8').send(fail('mcp', 'UNSUPPORTED', 'this MCP endpoint is stateless: POST only')),
    });
  }
}
