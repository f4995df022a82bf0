// What tests read from a session's answers, failing with the envelope when it is not the expected kind.
import assert from 'node:assert/strict';
import type { Envelope, ErrorEnvelope, OkEnvelope } from '../../../core/contract/envelope.js';

export type Data = Record<string, unknown>;

export function okData(env: Envelope): Data {
  assert.equal(env.ok, true, `expected ok, got ${JSON.stringify(env).slice(0, 600)}`);
  return (env as OkEnvelope<Data>).data;
}

export function errorOf(env: Envelope): ErrorEnvelope['error'] {
  assert.equal(env.ok, false, `expected an error, got ${JSON.stringify(env).slice(0, 300)}`);
  return (env as ErrorEnvelope).error;
}
