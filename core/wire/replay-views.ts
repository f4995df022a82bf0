import { z } from 'zod';
import { ActionSchema, SessionSchema } from './api-views.js';
import { ActionMediaSchema, RecordingFactsSchema } from './recording-protocol.js';

/** The answer shapes of the recording and replay routes (built by the hub, read by the CLI and the app). */
export const RecordingStateSchema = z.object({
  leaseId: z.string(),
  wanted: z.boolean().describe('whether this lease is meant to be recorded (the lab policy or the holder\'s toggle)'),
  recordingId: z.string().nullable().describe('the recording in progress'),
  error: z.string().nullable().describe('why the last start failed'),
});

export const RecordingSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  deviceId: z.string(),
  createdAt: z.string(),
  startedAt: z.number().nullable().describe("the device time (ms since the epoch) of the video's t = 0"),
  facts: RecordingFactsSchema.nullable().describe('how the video was made (the device\'s H.264 copied, or frames encoded), its size in pixels and the screen\'s in points (touches are in points)'),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  bytes: z.number(),
  video: z.string().describe('URL of the MP4 (H.264, fragmented; byte ranges served)'),
});

export const ReplayActionSchema = ActionSchema.extend({
  media: ActionMediaSchema.nullable().describe('where the action sits in its recording, and its touches'),
  screenshotBefore: z.string().nullable().describe('URL of a full-size JPEG of the screen before'),
  screenshotAfter: z.string().nullable().describe('URL of a full-size JPEG of the screen after'),
});

export const ReplaySchema = z.object({
  session: SessionSchema,
  recordings: z.array(RecordingSchema),
  actions: z.array(ReplayActionSchema),
});

export type RecordingStateJson = z.infer<typeof RecordingStateSchema>;
export type RecordingJson = z.infer<typeof RecordingSchema>;
export type ReplayActionJson = z.infer<typeof ReplayActionSchema>;
export type ReplayJson = z.infer<typeof ReplaySchema>;
