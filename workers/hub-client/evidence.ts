import type { Envelope } from '../../core/contract/envelope.js';
import type { Evidence } from '../../core/wire/worker-protocol.js';

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A snapshot id given directly, or as the `id` of a snapshot object. */
function snapshotId(value: unknown): string | undefined {
  return text(value) ?? text(record(value)?.id);
}

/**
 * What the action log keeps of an answer: the snapshot ids before and after the action and
 * the settled diff as text. Observe answers and failures before delivery have none.
 */
export function evidenceOf(envelope: Envelope): Evidence | undefined {
  const data = record(envelope.ok ? envelope.data : envelope.error.details);
  if (!data) return undefined;
  const diff = record(data.diff);
  const evidence: Evidence = {};
  const before = snapshotId(data.before) ?? text(diff?.from);
  const after = snapshotId(data.after) ?? text(diff?.to);
  const diffText = text(data.diff) ?? text(diff?.text);
  if (before) evidence.before = before;
  if (after) evidence.after = after;
  if (diffText) evidence.diff = diffText;
  return Object.keys(evidence).length > 0 ? evidence : undefined;
}
