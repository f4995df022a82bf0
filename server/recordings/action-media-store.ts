import { ActionMediaSchema, type ActionMedia } from '../../core/wire/recording-protocol.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { actionMediaKey, actionShotKey, SESSIONS_ROOT } from './evidence-keys.js';

/** What an action's evidence from a recording leaves in the blob store. */
export interface ActionMediaEvidence {
  media?: ActionMedia | undefined;
  screenshotBefore?: Uint8Array | undefined;
  screenshotAfter?: Uint8Array | undefined;
}

/** Keeps an action's place in the recording, touches and full-size screenshots beside the session's video. */
export async function saveActionMedia(blobs: BlobStore, sessionId: string, actionId: string, evidence: ActionMediaEvidence): Promise<void> {
  const writes: Array<Promise<void>> = [];
  if (evidence.media) writes.push(blobs.put(actionMediaKey(sessionId, actionId), Buffer.from(JSON.stringify(evidence.media))));
  if (evidence.screenshotBefore) writes.push(blobs.put(actionShotKey(sessionId, actionId, 'before'), evidence.screenshotBefore));
  if (evidence.screenshotAfter) writes.push(blobs.put(actionShotKey(sessionId, actionId, 'after'), evidence.screenshotAfter));
  await Promise.all(writes);
}

export interface StoredActionMedia {
  media: ActionMedia | null;
  before: boolean;
  after: boolean;
}

/** Every action of a session that has media, by action id. */
export async function sessionActionMedia(blobs: BlobStore, sessionId: string): Promise<Map<string, StoredActionMedia>> {
  const prefix = `${SESSIONS_ROOT}/${sessionId}/actions/`;
  const found = new Map<string, StoredActionMedia>();
  for (const blob of await blobs.list(prefix)) {
    const [actionId, file] = blob.key.slice(prefix.length).split('/');
    if (!actionId || !file) continue;
    const entry = found.get(actionId) ?? { media: null, before: false, after: false };
    if (file === 'before.jpg') entry.before = true;
    else if (file === 'after.jpg') entry.after = true;
    else if (file === 'media.json') {
      const parsed = ActionMediaSchema.safeParse(JSON.parse((await blobs.get(blob.key))?.toString('utf8') ?? 'null'));
      entry.media = parsed.success ? parsed.data : null;
    }
    found.set(actionId, entry);
  }
  return found;
}
