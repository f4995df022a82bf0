import type { ReplayJson } from '../../core/wire/replay-views.js';
import type { HubServices } from '../api/services.js';
import { actionShotKey } from '../recordings/evidence-keys.js';
import { RecordingVideo } from '../recordings/recording-reader.js';
import { replayOf } from '../recordings/replay.js';
import type { Reader } from '../actions/secret-text.js';
import { viewerPage, type ViewerData } from './viewer-page.js';
import { zip, type ZipEntry } from './zip-writer.js';

/** A step's outcome in words: ok, or the error code. */
function outcomeOf(envelope: unknown): string {
  const e = envelope as { ok?: boolean; error?: { code?: string } } | null;
  if (!e) return 'in flight';
  return e.ok ? 'ok' : (e.error?.code ?? 'failed');
}

/** The bundle's file names: the n-th recording (from 1) and the n-th step's screens. */
export const videoFile = (n: number) => `video/recording-${n}.mp4`;
export const screenFile = (n: number, which: 'before' | 'after') => `screens/${n}-${which}.jpg`;

/** What the viewer shows of a session, with its files named as the bundle lays them out (relative paths). */
export async function viewerDataOf(s: HubServices, sessionId: string, reader: Reader | null): Promise<{ replay: ReplayJson; data: ViewerData }> {
  const replay = await replayOf(s, sessionId, reader);
  // Touches are in the screen's points; a copied video is in the device's pixels: the overlay uses points.
  const recordings = replay.recordings.filter((r) => r.bytes > 0).map((r) => ({ id: r.id, file: videoFile(replay.recordings.indexOf(r) + 1), endReason: r.endReason, screen: r.facts?.screen ?? null }));
  const steps: ViewerData['steps'] = replay.actions.map((a, i) => ({
    n: i + 1,
    command: a.command,
    args: JSON.stringify(a.args, null, 1),
    outcome: outcomeOf(a.envelope),
    at: a.at,
    actor: a.actor,
    diff: a.diff,
    outlineBefore: a.outlineBeforeText,
    outlineAfter: a.outlineAfterText,
    before: a.screenshotBefore ? screenFile(i + 1, 'before') : null,
    after: a.screenshotAfter ? screenFile(i + 1, 'after') : null,
    media: a.media,
  }));
  const title = `Session ${replay.session.id}: ${replay.session.actor} on ${replay.session.deviceId}, ${replay.session.startedAt}`;
  return { replay, data: { title, recordings, steps } };
}

/** The n-th step's screenshot (from 1) of a session, or null. */
export async function stepScreen(s: HubServices, replay: ReplayJson, n: number, which: 'before' | 'after'): Promise<Buffer | null> {
  const action = replay.actions[n - 1];
  return action ? s.blobs.get(actionShotKey(replay.session.id, action.id, which)) : null;
}

/**
 * A session's evidence as one zip: `index.html` (a viewer that works from file:// with no
 * server), `actions.json` (the replay's actions as the API gives them), each recording's MP4,
 * the full-size screenshots and the outlines as text.
 */
export async function evidenceBundle(s: HubServices, sessionId: string, reader: Reader | null): Promise<Buffer> {
  const { replay, data } = await viewerDataOf(s, sessionId, reader);
  const entries: ZipEntry[] = [
    { name: 'index.html', data: Buffer.from(viewerPage(data)) },
    { name: 'actions.json', data: Buffer.from(JSON.stringify(replay, null, 2)) },
  ];
  for (const r of data.recordings) {
    entries.push({ name: r.file, data: await (await RecordingVideo.open(s.blobs, sessionId, r.id)).read() });
  }
  for (const step of data.steps) {
    for (const which of ['before', 'after'] as const) {
      const image = step[which] ? await stepScreen(s, replay, step.n, which) : null;
      if (image) entries.push({ name: screenFile(step.n, which), data: image });
    }
    if (step.outlineBefore) entries.push({ name: `outlines/${step.n}-before.txt`, data: Buffer.from(step.outlineBefore) });
    if (step.outlineAfter) entries.push({ name: `outlines/${step.n}-after.txt`, data: Buffer.from(step.outlineAfter) });
  }
  return zip(entries);
}
