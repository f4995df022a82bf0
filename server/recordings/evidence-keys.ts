/**
 * Where a session's evidence lives in the blob store. Everything of one session is under
 * `sessions/<id>/`, so retention and delete take a session whole.
 */
export const SESSIONS_ROOT = 'sessions';

/** Ids become key segments; ids the hub mints already fit, anything else is refused by the store. */
export const sessionKey = (sessionId: string) => `${SESSIONS_ROOT}/${sessionId}`;
export const recordingKey = (sessionId: string, recordingId: string) => `${sessionKey(sessionId)}/recordings/${recordingId}`;
export const recordingManifestKey = (sessionId: string, recordingId: string) => `${recordingKey(sessionId, recordingId)}/recording.json`;
export const recordingVideoPrefix = (sessionId: string, recordingId: string) => `${recordingKey(sessionId, recordingId)}/video/`;
export const recordingSegmentKey = (sessionId: string, recordingId: string, n: number) => `${recordingVideoPrefix(sessionId, recordingId)}${String(n).padStart(6, '0')}.mp4`;
export const actionKey = (sessionId: string, actionId: string) => `${sessionKey(sessionId)}/actions/${actionId}`;
export const actionMediaKey = (sessionId: string, actionId: string) => `${actionKey(sessionId, actionId)}/media.json`;
export const actionShotKey = (sessionId: string, actionId: string, which: 'before' | 'after') => `${actionKey(sessionId, actionId)}/${which}.jpg`;
