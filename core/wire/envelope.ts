import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../contract/error-codes.js';

/** The envelope of core/contract as a schema: checks what a worker sends back and documents the API. */
const DeliverySchema = z.enum(['unknown', 'not_delivered', 'delivery_uncertain', 'delivered_unverified', 'delivered_verified']);

export const ErrorBodySchema = z.object({
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  hint: z.string().optional(),
  disposition: z.object({ delivery: DeliverySchema, retry: z.enum(['safe', 'unsafe', 'unknown']) }),
  recovery: z
    .object({
      strategy: z.enum(['snapshot_then_retry', 'retry', 'wait_then_retry', 'acquire_lease', 'fix_arguments']),
      needs_snapshot: z.boolean(),
    })
    .optional(),
  retry_after_ms: z.number().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const OkEnvelopeSchema = z.object({ version: z.literal('1'), ok: z.literal(true), command: z.string(), data: z.unknown() });
export const ErrorEnvelopeSchema = z.object({ version: z.literal('1'), ok: z.literal(false), command: z.string(), error: ErrorBodySchema });
export const EnvelopeSchema = z.discriminatedUnion('ok', [OkEnvelopeSchema, ErrorEnvelopeSchema]);

/** An ok envelope whose data has the given schema (for the OpenAPI document). */
export function okEnvelopeOf<T extends z.ZodType>(data: T) {
  return OkEnvelopeSchema.extend({ data });
}
