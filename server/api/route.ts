import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SimlabError, type Envelope } from '../../core/contract/index.js';
import type { Actor } from '../auth/actor.js';
import type { UserRole } from '../auth/roles.js';

/** Bytes instead of an envelope (a screenshot as an image). */
export interface RawResult {
  raw: Buffer;
  contentType: string;
  /** 200 unless set (206 for a byte range). */
  status?: number;
}

export type RouteResult = Envelope | RawResult;

export interface RouteContext<P, Q, B> {
  /** Null only on public routes. */
  actor: Actor | null;
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One REST route: its path under /api/v1, the weakest role that may call it (null: public), its
 * schemas (validated here and published in the OpenAPI document) and its handler.
 */
export interface RouteDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** The envelope's `command`. */
  command: string;
  minRole: UserRole | null;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the ok envelope's data, for the OpenAPI document. */
  data?: z.ZodType;
  /** Media type answered instead of JSON when the caller does not ask for JSON. */
  binary?: string;
  /** Headers the route reads, documented in the OpenAPI document. */
  headers?: Array<{ name: string; description: string; schema: Record<string, unknown> }>;
  handler: (ctx: RouteContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<RouteResult>;
}

// The table holds routes of many schema types; their handlers are only called with parsed input.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any>;

export function route<P extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
  def: RouteDef<P, Q, B>,
): AnyRoute {
  return def as AnyRoute;
}

export function isRaw(result: RouteResult): result is RawResult {
  return 'raw' in result;
}

/** The caller on a route that requires a role (the hook has already resolved it). */
export function signedIn(actor: Actor | null): Actor {
  if (!actor) throw new SimlabError('UNAUTHORIZED', 'this route needs a token');
  return actor;
}
