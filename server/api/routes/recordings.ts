import { z } from 'zod';
import { SimlabError, ok } from '../../../core/contract/index.js';
import { RecordingSchema, RecordingStateSchema, ReplaySchema } from '../../../core/wire/replay-views.js';
import { actionShotKey } from '../../recordings/evidence-keys.js';
import { RecordingVideo, recordingManifest, sessionRecordings } from '../../recordings/recording-reader.js';
import { recordingJson, replayOf } from '../../recordings/replay.js';
import { evidenceBundle } from '../../evidence/evidence-bundle.js';
import { byteRangeOf } from '../byte-range.js';
import { route, signedIn, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';

const Id = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const LeaseParams = z.object({ id: Id });
const SessionParams = z.object({ id: Id });
const VideoParams = z.object({ id: Id, recordingId: Id });
const ShotParams = z.object({ id: Id, actionId: Id, which: z.enum(['before', 'after']) });
export function recordingRoutes(s: HubServices): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/leases/:id/recording',
      command: 'record.status',
      minRole: 'agent',
      tag: 'recordings',
      summary: 'Whether a lease is recorded, and the recording in progress',
      params: LeaseParams,
      data: RecordingStateSchema,
      handler: async ({ actor, params }) => ok('record.status', await s.recordings.state(await s.leases.ownLive(signedIn(actor), params.id))),
    }),
    route({
      method: 'POST',
      url: '/leases/:id/recording',
      command: 'record',
      minRole: 'agent',
      tag: 'recordings',
      summary: "Turns recording of the caller's lease on or off (agents' leases are recorded by default; SIMLAB_RECORD sets the lab's policy)",
      params: LeaseParams,
      body: z.object({ on: z.boolean() }).strict(),
      data: RecordingStateSchema,
      handler: async ({ actor, params, body }) => {
        const lease = await s.leases.ownLive(signedIn(actor), params.id);
        const state = await s.recordings.setWanted(lease, body.on);
        if (body.on && state.error) throw new SimlabError('UNSUPPORTED', `the device cannot be recorded: ${state.error}`, { details: state });
        return ok('record', state);
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/recordings',
      command: 'recordings',
      minRole: 'viewer',
      tag: 'recordings',
      summary: "A session's recordings, oldest first",
      params: SessionParams,
      data: z.object({ recordings: z.array(RecordingSchema) }),
      handler: async ({ params }) => {
        if (!(await s.store.getSession(params.id))) throw new SimlabError('NOT_FOUND', `no session ${params.id}`);
        return ok('recordings', { recordings: (await sessionRecordings(s.blobs, params.id)).map(recordingJson) });
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/recordings/:recordingId/video',
      command: 'recording.video',
      minRole: 'viewer',
      tag: 'recordings',
      summary: 'The MP4 of a recording (as far as it has reached the hub while it is still recording); honours one byte range',
      params: VideoParams,
      binary: 'video/mp4',
      handler: async ({ params, request, reply }) => {
        const manifest = await recordingManifest(s.blobs, params.id, params.recordingId);
        if (!manifest) throw new SimlabError('NOT_FOUND', `no recording ${params.recordingId} in session ${params.id}`);
        const video = await RecordingVideo.open(s.blobs, params.id, params.recordingId);
        if (video.size === 0) throw new SimlabError('NOT_FOUND', `recording ${params.recordingId} has no video yet`);
        const range = byteRangeOf(request.headers.range, video.size);
        reply.header('accept-ranges', 'bytes');
        if (manifest.endedAt !== null) reply.header('cache-control', 'private, max-age=86400, immutable');
        if (!range) return { raw: await video.read(), contentType: 'video/mp4' };
        reply.header('content-range', `bytes ${range.start}-${range.end - 1}/${video.size}`);
        return { raw: await video.read(range), contentType: 'video/mp4', status: 206 };
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/actions/:actionId/screenshot/:which',
      command: 'action.screenshot',
      minRole: 'viewer',
      tag: 'recordings',
      summary: 'A full-size JPEG of the screen before or after an action of a recorded session',
      params: ShotParams,
      binary: 'image/jpeg',
      handler: async ({ params, reply }) => {
        const image = await s.blobs.get(actionShotKey(params.id, params.actionId, params.which));
        if (!image) throw new SimlabError('NOT_FOUND', `no ${params.which} screenshot for action ${params.actionId} of session ${params.id}`);
        reply.header('cache-control', 'private, max-age=86400, immutable');
        return { raw: image, contentType: 'image/jpeg' };
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/replay',
      command: 'replay',
      minRole: 'viewer',
      tag: 'recordings',
      summary: "A session's replay: its recordings and every action with its place in the video, touches and screenshots",
      params: SessionParams,
      data: ReplaySchema,
      handler: async ({ actor, params }) => ok('replay', await replayOf(s, params.id, actor)),
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/evidence',
      command: 'evidence.export',
      minRole: 'viewer',
      tag: 'recordings',
      summary: "A session's evidence as a zip: a self-contained HTML viewer (opens from file://), the MP4s, actions as JSON, screenshots and outlines",
      params: SessionParams,
      binary: 'application/zip',
      handler: async ({ actor, params, reply }) => {
        const bundle = await evidenceBundle(s, params.id, actor);
        reply.header('content-disposition', `attachment; filename="simlab-${params.id}.zip"`);
        return { raw: bundle, contentType: 'application/zip' };
      },
    }),
  ];
}
