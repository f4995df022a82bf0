import type { Envelope } from '../contract/envelope.js';

/** One REST call to /api/v1, as the MCP tools make it: the same routes, tokens and envelopes as the CLI. */
export interface LabRequest {
  /** The envelope's `command` when the call fails before the hub answers. */
  command: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Under /api/v1. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/** Sends a request to the hub with the caller's token: over HTTP (stdio server) or in-process (the hub's /mcp). */
export type LabCall = (request: LabRequest) => Promise<Envelope>;
