import { actionShotKey } from '../recordings/evidence-keys.js';
import { RecordingVideo } from '../recordings/recording-reader.js';
import { replayOf } from '../recordings/replay.js';
import type { HubServices } from '../api/services.js';
import { viewerPage, type ViewerData } from './viewer-page.js';
import { zip, type ZipEntry } from './zip-writer.js';

/** A step's outcome in words: ok, or the error code. */
function outcomeOf(envelope: unknown): string {
  const e = envelope as { ok?: boolean; error?: { code?: string } } | null;
  if (!e) return 'in flight';
  return e.ok ? 'ok' : (e.error?.code ?? 'failed');
}

/**
 * A session's evidence as one zip: `index.html` (a viewer that works from file:// with no
 * server), `actions.json` (the replay's actions as the API gives them), each recording's MP4,
 * the full-size screenshots and the outlines as text.
 */
export async function evidenceBundle(s: HubServices, sessionId: string): Promise<Buffer> {
  const replay = await replayOf(s, sessionId);
  const entries: ZipEntry[] = [];
  const recordings: ViewerData['recordings'] = [];
  for (const [i, r] of replay.recordings.entries()) {
    const video = await RecordingVideo.open(s.blobs, sessionId, r.id);
    if (video.size === 0) continue;
    const file = `video/recording-${i + 1}.mp4`;
    entries.push({ name: file, data: await video.read() });
    recordings.push({ id: r.id, file, endReason: r.endReason });
  }
  const steps: ViewerData['steps'] = [];
  for (const [i, a] of replay.actions.entries()) {
    const n = i + 1;
    const shots: Record<'before' | 'after', string | null> = { before: null, after: null };
    for (const which of ['before', 'after'] as const) {
      const image = (which === 'before' ? a.screenshotBefore : a.screenshotAfter) ? await s.blobs.get(actionShotKey(sessionId, a.id, which)) : null;
      if (image) {
        shots[which] = `screens/${n}-${which}.jpg`;
        entries.push({ name: shots[which], data: image });
      }
    }
    if (a.outlineBeforeText) entries.push({ name: `outlines/${n}-before.txt`, data: Buffer.from(a.outlineBeforeText) });
    if (a.outlineAfterText) entries.push({ name: `outlines/${n}-after.txt`, data: Buffer.from(a.outlineAfterText) });
    steps.push({
      n,
      command: a.command,
      args: JSON.stringify(a.args, null, 1),
      outcome: outcomeOf(a.envelope),
      at: a.at,
      actor: a.actor,
      diff: a.diff,
      outlineBefore: a.outlineBeforeText,
      outlineAfter: a.outlineAfterText,
      before: shots.before,
      after: shots.after,
      media: a.media,
    });
  }
  const title = `Session ${replay.session.id}: ${replay.session.actor} on ${replay.session.deviceId}, ${replay.session.startedAt}`;
  entries.unshift(
    { name: 'index.html', data: Buffer.from(viewerPage({ title, recordings, steps })) },
    { name: 'actions.json', data: Buffer.from(JSON.stringify(replay, null, 2)) },
  );
  return zip(entries);
}
