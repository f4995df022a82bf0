import { z } from 'zod';

/**
 * Recordings over the /workers namespace (beside core/wire/worker-protocol.ts).
 *
 * Start:  hub emits `recording:start` {deviceId, recordingId} with an ack `{ok}` or `{ok:false,error}`
 *         (no ffmpeg, no frames). The worker encodes the device's frames to H.264 fragmented MP4.
 * Pieces: worker emits `recording:piece` in order: first the init segment (`kind: 'init'`, with
 *         `startedAt`, the device time in ms of the video's t = 0, and `facts`: how the video was
 *         made and its sizes), then whole fragments. The
 *         concatenated pieces are a playable MP4 at every moment, so a worker that dies leaves one.
 * Stop:   hub emits `recording:stop`; the worker sends its last pieces, then `recording:end`. A
 *         worker also ends a recording by itself (ffmpeg died, device gone) with `recording:end`.
 */
export const MAX_RECORDING_PIECE_BYTES = 8 * 1024 * 1024;
/** Full-size before/after JPEGs an action's evidence may carry. */
export const MAX_EVIDENCE_SCREENSHOT_BYTES = 2 * 1024 * 1024;

const Id = z.string().min(1).max(200);

export const RecordingRequestSchema = z.object({ deviceId: Id, recordingId: Id }).strict();
export const RecordingStartAckSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: z.string().max(2000) })]);

const Size = z.object({ width: z.number().int().min(1).max(16384), height: z.number().int().min(1).max(16384) }).strict();

/**
 * How a recording's video was made: `copy` is the device's own H.264 put in the MP4 as it came
 * (Android's screenrecord), `encode` is its frames encoded here; why, when it could not copy.
 * The video's size is in pixels; touches and overlays are in the screen's points, which
 * `screen` gives (a copied video is in the device's pixels, so the two differ).
 */
export const RecordingFactsSchema = z
  .object({
    video: z.enum(['copy', 'encode']),
    reason: z.string().max(500),
    size: Size,
    screen: Size,
  })
  .strict();

export const RecordingPieceSchema = z
  .object({
    deviceId: Id,
    recordingId: Id,
    seq: z.number().int().min(0),
    kind: z.enum(['init', 'fragment']),
    startedAt: z.number().int().positive().optional(),
    facts: RecordingFactsSchema.optional(),
    data: z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength <= MAX_RECORDING_PIECE_BYTES, 'piece size'),
  })
  .strict();

export const RecordingEndSchema = z.object({ deviceId: Id, recordingId: Id, error: z.string().max(2000).optional() }).strict();

const Ms = z.number().int().min(0).max(7 * 86_400_000);
const TouchPathSchema = z.object({
  id: z.number().int().min(0).max(20),
  points: z.array(z.object({ x: z.number().finite(), y: z.number().finite(), t: z.number().finite().min(0) })).min(1).max(4000),
});

/**
 * Where an action sits in the recording: its start and end, and the first frame that shows its
 * settled screen (absent when no frame changed), in ms from the video's start; and the touches it
 * performed, each starting at `atMs` in the video, paths in screen points.
 */
export const ActionMediaSchema = z
  .object({
    recordingId: Id,
    startMs: Ms,
    endMs: Ms,
    settledMs: Ms.optional(),
    touches: z.array(z.object({ atMs: Ms, fingers: z.array(TouchPathSchema).max(10) })).max(100),
  })
  .strict();

export type RecordingRequest = z.infer<typeof RecordingRequestSchema>;
export type RecordingStartAck = z.infer<typeof RecordingStartAckSchema>;
export type RecordingFacts = z.infer<typeof RecordingFactsSchema>;
export type RecordingPiece = z.infer<typeof RecordingPieceSchema>;
export type RecordingEnd = z.infer<typeof RecordingEndSchema>;
export type ActionMedia = z.infer<typeof ActionMediaSchema>;
