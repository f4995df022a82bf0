import { z } from 'zod';
import { SimlabError } from '../../../core/contract/index.js';
import { clipLengthError, stepsClip, type ClipRange } from '../../../core/replay/clip-range.js';
import { ClipCutter } from '../../media/clip-cutter.js';
import { findFfmpeg } from '../../media/ffmpeg-path.js';
import { RecordingVideo, recordingManifest, sessionRecordings } from '../../recordings/recording-reader.js';
import { replayOf } from '../../recordings/replay.js';
import { qint } from '../query.js';
import { route, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';

const Id = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const VIDEO_MS = 7 * 86_400_000;

const ClipQuery = z
  .object({
    format: z.enum(['mp4', 'gif']).default('mp4'),
    width: qint(80, 1280).optional().describe('pixels; the height follows (default: the recording\'s for MP4, at most 360 for GIF)'),
    from: qint(1, 1_000_000).optional().describe('first step of the clip (as the replay numbers them)'),
    to: qint(1, 1_000_000).optional().describe('last step (default: from)'),
    recording: Id.optional().describe('the recording to cut by time (default: the session\'s only one)'),
    start: qint(0, VIDEO_MS).optional().describe('ms from the video\'s start'),
    end: qint(0, VIDEO_MS).optional(),
  })
  .strict()
  .refine((q) => (q.from !== undefined) !== (q.start !== undefined || q.end !== undefined), { message: 'give steps (from, to) or times (start, end), not both' })
  .refine((q) => q.from !== undefined || (q.start !== undefined && q.end !== undefined), { message: 'a cut by time needs start and end' });

type Query = z.output<typeof ClipQuery>;

async function rangeOf(s: HubServices, sessionId: string, q: Query): Promise<ClipRange> {
  if (q.from !== undefined) {
    const range = stepsClip((await replayOf(s, sessionId, null)).actions, q.from, q.to ?? q.from);
    if (typeof range === 'string') throw new SimlabError('INVALID_ARGS', range, { hint: 'GET /sessions/:id/replay lists the steps and their recordings' });
    return range;
  }
  let recordingId = q.recording;
  if (recordingId === undefined) {
    const recordings = await sessionRecordings(s.blobs, sessionId);
    if (recordings.length !== 1) throw new SimlabError('INVALID_ARGS', `the session has ${recordings.length} recordings: say which with recording`, { details: { recordings: recordings.map((r) => r.id) } });
    recordingId = (recordings[0] as { id: string }).id;
  }
  return { recordingId, startMs: q.start as number, endMs: q.end as number };
}

/** Clips of recordings as MP4 or GIF, cut by ffmpeg on the hub (FFMPEG_PATH, ffmpeg-static or the system's). */
export function clipRoutes(s: HubServices): AnyRoute[] {
  const cutter = new ClipCutter(findFfmpeg());
  return [
    route({
      method: 'GET',
      url: '/sessions/:id/clip',
      command: 'clip',
      minRole: 'viewer',
      tag: 'recordings',
      summary: `A clip of a session's recording as MP4 or GIF, for a PR or a bug report: steps from..to (with a little before and after), or start..end ms of one recording; an MP4 lasts at most 5 min, a GIF 30 s`,
      params: z.object({ id: Id }),
      query: ClipQuery,
      binary: 'video/mp4',
      handler: async ({ params, query, reply }) => {
        if (!(await s.store.getSession(params.id))) throw new SimlabError('NOT_FOUND', `no session ${params.id}`);
        const range = await rangeOf(s, params.id, query);
        const tooLong = clipLengthError(range.startMs, range.endMs, query.format);
        if (tooLong) throw new SimlabError('INVALID_ARGS', tooLong, { hint: 'cut a shorter range, or an MP4 instead of a GIF' });
        const manifest = await recordingManifest(s.blobs, params.id, range.recordingId);
        if (!manifest) throw new SimlabError('NOT_FOUND', `no recording ${range.recordingId} in session ${params.id}`);
        // The video runs from its first frame to the recording's end (or now, while it records).
        const lastMs = manifest.startedAt === null ? 0 : (manifest.endedAt ?? Date.now()) - manifest.startedAt;
        if (range.startMs >= lastMs) {
          throw new SimlabError('INVALID_ARGS', `the recording has no frames from ${range.startMs} ms: it lasts ${Math.max(0, lastMs)} ms`, { details: { recording: range.recordingId, lastMs } });
        }
        const video = await RecordingVideo.open(s.blobs, params.id, range.recordingId);
        if (video.size === 0) throw new SimlabError('NOT_FOUND', `recording ${range.recordingId} has no video yet`);
        const clip = await cutter.cut({ video, startMs: range.startMs, endMs: range.endMs, format: query.format, width: query.width });
        const name = query.from !== undefined ? `steps-${query.from}-${query.to ?? query.from}` : `${range.startMs}-${range.endMs}ms`;
        reply.header('content-disposition', `attachment; filename="simlab-${params.id}-${name}.${query.format}"`);
        reply.header('x-simlab-clip', JSON.stringify(range));
        return { raw: clip, contentType: query.format === 'gif' ? 'image/gif' : 'video/mp4' };
      },
    }),
  ];
}
