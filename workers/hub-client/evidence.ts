import { MAX_EVIDENCE_THUMBNAIL_BYTES, type Evidence } from '../../core/wire/worker-protocol.js';
import type { ActionEvidence } from '../session/action-evidence.js';

/**
 * The session's evidence as the wire carries it (core/wire/worker-protocol.ts EvidenceSchema):
 * a thumbnail over the wire's limit is left out. Observe answers and failures before delivery have none.
 */
export function evidenceOf(seen: ActionEvidence): Evidence | undefined {
  const { thumbnail, ...rest } = seen;
  const evidence: Evidence = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
  if (thumbnail && thumbnail.byteLength <= MAX_EVIDENCE_THUMBNAIL_BYTES) evidence.thumbnail = Uint8Array.from(thumbnail);
  return Object.keys(evidence).length > 0 ? evidence : undefined;
}
