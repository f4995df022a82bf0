import { SimlabError } from '../../core/contract/index.js';
import type { RecordingJson, ReplayJson } from '../../core/wire/replay-views.js';
import type { HubServices } from '../api/services.js';
import { actionJson, sessionJson } from '../api/views.js';
import { readableBy, type Reader } from '../actions/secret-text.js';
import { sessionActionMedia } from './action-media-store.js';
import type { RecordingManifest } from './recording-manifest.js';
import { sessionRecordings } from './recording-reader.js';

/** Most actions one replay answer carries. */
const MAX_REPLAY_ACTIONS = 5000;

const base = '/api/v1/sessions';
const enc = encodeURIComponent;
export const recordingVideoPath = (sessionId: string, recordingId: string) => `${base}/${enc(sessionId)}/recordings/${enc(recordingId)}/video`;
export const actionShotPath = (sessionId: string, actionId: string, which: 'before' | 'after') => `${base}/${enc(sessionId)}/actions/${enc(actionId)}/screenshot/${which}`;

export function recordingJson(m: RecordingManifest): RecordingJson {
  return {
    id: m.id,
    sessionId: m.sessionId,
    deviceId: m.deviceId,
    createdAt: new Date(m.createdAt).toISOString(),
    startedAt: m.startedAt,
    facts: m.facts ?? null,
    endedAt: m.endedAt === null ? null : new Date(m.endedAt).toISOString(),
    endReason: m.endReason,
    bytes: m.bytes,
    video: recordingVideoPath(m.sessionId, m.id),
  };
}

/** A session's replay as `reader` may see it: its recordings and its actions, each with its place in the video and full-size screenshots. */
export async function replayOf(s: HubServices, sessionId: string, reader: Reader | null): Promise<ReplayJson> {
  const session = await s.store.getSession(sessionId);
  if (!session) throw new SimlabError('NOT_FOUND', `no session ${sessionId}`);
  const [recordings, media, actions] = await Promise.all([
    sessionRecordings(s.blobs, session.id),
    sessionActionMedia(s.blobs, session.id),
    s.store.listActions(session.id, { limit: MAX_REPLAY_ACTIONS }),
  ]);
  return {
    session: sessionJson(session),
    recordings: recordings.map(recordingJson),
    actions: actions.map((a) => {
      const m = media.get(a.id);
      return {
        ...actionJson(readableBy(a, reader)),
        media: m?.media ?? null,
        screenshotBefore: m?.before ? actionShotPath(session.id, a.id, 'before') : null,
        screenshotAfter: m?.after ? actionShotPath(session.id, a.id, 'after') : null,
      };
    }),
  };
}

