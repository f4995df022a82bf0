import { isErrorCode, type ErrorCode } from './error-codes.js';

export const CONTRACT_VERSION = '1';

export type Delivery =
  | 'unknown'
  | 'not_delivered'
  | 'delivery_uncertain'
  | 'delivered_unverified'
  | 'delivered_verified';

export type Retry = 'safe' | 'unsafe' | 'unknown';

export interface Disposition {
  delivery: Delivery;
  retry: Retry;
}

export interface Recovery {
  strategy: 'snapshot_then_retry' | 'retry' | 'wait_then_retry' | 'acquire_lease' | 'fix_arguments';
  needs_snapshot: boolean;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  hint?: string;
  disposition: Disposition;
  recovery?: Recovery;
  retry_after_ms?: number;
  details?: Record<string, unknown>;
}

export interface OkEnvelope<T = unknown> {
  version: typeof CONTRACT_VERSION;
  ok: true;
  command: string;
  data: T;
}

export interface ErrorEnvelope {
  version: typeof CONTRACT_VERSION;
  ok: false;
  command: string;
  error: ErrorBody;
}

export type Envelope<T = unknown> = OkEnvelope<T> | ErrorEnvelope;

/** Retry is safe only when the action certainly did not reach the device. */
export function retryFor(delivery: Delivery): Retry {
  return delivery === 'not_delivered' ? 'safe' : 'unsafe';
}

const DEFAULT_RECOVERY: Partial<Record<ErrorCode, Recovery>> = {
  STALE_REF: { strategy: 'snapshot_then_retry', needs_snapshot: true },
  NOT_FOUND: { strategy: 'snapshot_then_retry', needs_snapshot: true },
  AMBIGUOUS_TARGET: { strategy: 'snapshot_then_retry', needs_snapshot: true },
  INVALID_ARGS: { strategy: 'fix_arguments', needs_snapshot: false },
  LEASE_REQUIRED: { strategy: 'acquire_lease', needs_snapshot: false },
  DEVICE_BUSY: { strategy: 'wait_then_retry', needs_snapshot: false },
  RATE_LIMITED: { strategy: 'wait_then_retry', needs_snapshot: false },
  DEVICE_UNAVAILABLE: { strategy: 'wait_then_retry', needs_snapshot: true },
  TIMEOUT: { strategy: 'wait_then_retry', needs_snapshot: true },
  APP_UNRESPONSIVE: { strategy: 'wait_then_retry', needs_snapshot: true },
};

const DEFAULT_RETRY_AFTER_MS = 1000;

export interface FailOptions {
  hint?: string;
  delivery?: Delivery;
  details?: Record<string, unknown>;
  retryAfterMs?: number;
  recovery?: Recovery;
}

/** An error that carries everything its envelope needs; thrown anywhere, rendered once. */
export class SimlabError extends Error {
  readonly code: ErrorCode;
  readonly options: FailOptions;

  constructor(code: ErrorCode, message: string, options: FailOptions = {}) {
    super(message);
    this.name = 'SimlabError';
    this.code = code;
    this.options = options;
  }

  /** The same error with a different delivery (e.g. once the caller knows it reached the device). */
  withDelivery(delivery: Delivery): SimlabError {
    return new SimlabError(this.code, this.message, { ...this.options, delivery });
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.options);
  }
}

export function errorBody(code: ErrorCode, message: string, options: FailOptions = {}): ErrorBody {
  const delivery = options.delivery ?? 'not_delivered';
  const retry = retryFor(delivery);
  const body: ErrorBody = { code, message, disposition: { delivery, retry } };
  if (options.hint) body.hint = options.hint;
  if (retry === 'safe') {
    const recovery = options.recovery ?? DEFAULT_RECOVERY[code];
    if (recovery) body.recovery = recovery;
  }
  if (code === 'TIMEOUT' || code === 'APP_UNRESPONSIVE') {
    body.retry_after_ms = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  } else if (options.retryAfterMs !== undefined) {
    body.retry_after_ms = options.retryAfterMs;
  }
  if (options.details) body.details = options.details;
  return body;
}

export function ok<T>(command: string, data: T): OkEnvelope<T> {
  return { version: CONTRACT_VERSION, ok: true, command, data };
}

export function fail(command: string, code: ErrorCode, message: string, options?: FailOptions): ErrorEnvelope {
  return { version: CONTRACT_VERSION, ok: false, command, error: errorBody(code, message, options) };
}

/** Any thrown value as an error envelope; unknown errors become INTERNAL with an uncertain delivery. */
export function failFrom(command: string, err: unknown, fallbackDelivery: Delivery = 'unknown'): ErrorEnvelope {
  if (err instanceof SimlabError) {
    return { version: CONTRACT_VERSION, ok: false, command, error: err.toBody() };
  }
  const message = err instanceof Error ? err.message : String(err);
  return fail(command, 'INTERNAL', message, { delivery: fallbackDelivery });
}

/** Rebuilds a SimlabError from an envelope's error body (e.g. one that crossed the wire). */
export function errorFromBody(body: ErrorBody): SimlabError {
  const code = isErrorCode(body.code) ? body.code : 'INTERNAL';
  return new SimlabError(code, body.message, {
    hint: body.hint,
    delivery: body.disposition.delivery,
    details: body.details,
    retryAfterMs: body.retry_after_ms,
    recovery: body.recovery,
  });
}
