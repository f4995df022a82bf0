/** The error codes of the contract (DESIGN.md section 6) and the HTTP status each maps to. */
export const ERROR_CODES = {
  INVALID_ARGS: 400,
  NOT_FOUND: 404,
  STALE_REF: 409,
  AMBIGUOUS_TARGET: 409,
  UNSUPPORTED: 501,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  LEASE_REQUIRED: 428,
  DEVICE_BUSY: 423,
  /** Too many requests for this token; `retry_after_ms` says when to come back. */
  RATE_LIMITED: 429,
  DEVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
  APP_UNRESPONSIVE: 504,
  POST_ACTION_VERIFICATION: 422,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
