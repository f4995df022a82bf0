import { z } from 'zod';
import { ErrorEnvelopeSchema, okEnvelopeOf } from '../../core/wire/envelope.js';
import type { AnyRoute } from './route.js';

type Json = Record<string, unknown>;

/** A zod schema as the JSON Schema OpenAPI 3.1 embeds (what a client sends: the input side). */
function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
}

function parameters(route: AnyRoute): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [['path', route.params], ['query', route.query]] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema);
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {})) {
      const { description, ...propSchema } = prop;
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: propSchema, ...(description ? { description } : {}) });
    }
  }
  for (const h of route.headers ?? []) out.push({ name: h.name, in: 'header', required: false, description: h.description, schema: h.schema });
  return out;
}

/** The OpenAPI 3.1 document, generated from the route table's zod schemas. */
export function openApiDocument(routes: AnyRoute[], prefix: string, version: string): Json {
  const paths: Record<string, Json> = {};
  const errorSchema = jsonSchema(ErrorEnvelopeSchema);
  for (const r of routes) {
    const path = prefix + r.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const okContent: Json = { 'application/json': { schema: jsonSchema(okEnvelopeOf(r.data ?? z.unknown())) } };
    if (r.binary) okContent[r.binary] = { schema: { type: 'string', contentMediaType: r.binary } };
    paths[path] = {
      ...paths[path],
      [r.method.toLowerCase()]: {
        operationId: `${r.method.toLowerCase()}_${r.url.replace(/[/:.-]+/g, '_').replace(/^_|_$/g, '')}`,
        summary: r.summary,
        tags: [r.tag],
        'x-min-role': r.minRole ?? 'public',
        security: r.minRole ? [{ bearer: [] }] : [],
        parameters: parameters(r),
        ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body) } } } } : {}),
        responses: {
          '200': { description: 'ok envelope', content: okContent },
          default: { description: 'error envelope; the HTTP status follows the error code', content: { 'application/json': { schema: errorSchema } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'simlab hub API', version, description: 'Every answer is the envelope { version, ok, command, data | error }.' },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'an slk_ token' } } },
    paths,
  };
}
