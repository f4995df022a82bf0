import { SimlabError } from '../../core/contract/index.js';

export const DEFAULT_DEADLINE_MS = 30_000;
export const MAX_DEADLINE_MS = 120_000;
export const DEADLINE_HEADER = 'x-simlab-deadline-ms';

/** The caller's deadline from the X-Simlab-Deadline-Ms header, else the default. */
export function deadlineOf(headers: Record<string, string | string[] | undefined>): number {
  const raw = headers[DEADLINE_HEADER];
  if (raw === undefined) return DEFAULT_DEADLINE_MS;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 100 && n <= MAX_DEADLINE_MS)) {
    throw new SimlabError('INVALID_ARGS', `${DEADLINE_HEADER} must be an integer from 100 to ${MAX_DEADLINE_MS}`);
  }
  return n;
}
