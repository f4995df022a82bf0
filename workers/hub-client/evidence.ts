import type { Envelope } from '../../core/contract/envelope.js';
import { MAX_EVIDENCE_THUMBNAIL_BYTES, type Evidence } from '../../core/wire/worker-protocol.js';
import type { ActionEvidence } from '../session/action-evidence.js';

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
 * What the action log keeps of an answer: the snapshot ids before and after the action, the
 * settled diff as text, and what the session saw (both outlines as text, a thumbnail after;
 * a thumbnail over the wire's limit is left out). Observe answers and failures before delivery have none.
 */
export function evidenceOf(envelope: Envelope, seen: ActionEvidence = {}): Evidence | undefined {
  const data = record(envelope.ok ? envelope.data : envelope.error.details) ?? {};
  const diff = record(data.diff);
  const evidence: Evidence = {};
  const before = snapshotId(data.before) ?? text(diff?.from);
  const after = snapshotId(data.after) ?? text(diff?.to);
  const diffText = text(data.diff) ?? text(diff?.text);
  if (before) evidence.before = before;
  if (after) evidence.after = after;
  if (diffText) evidence.diff = diffText;
  if (seen.outlineBefore) evidence.outlineBefore = seen.outlineBefore;
  if (seen.outlineAfter) evidence.outlineAfter = seen.outlineAfter;
  if (seen.thumbnail && seen.thumbnail.byteLength <= MAX_EVIDENCE_THUMBNAIL_BYTES) evidence.thumbnail = Uint8Array.from(seen.thumbnail);
  return Object.keys(evidence).length > 0 ? evidence : undefined;
}
