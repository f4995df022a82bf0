import { z } from 'zod';
import { RecordingFactsSchema } from '../../core/wire/recording-protocol.js';

/** What the hub knows of one recording, kept beside its video segments. */
export const RecordingManifestSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  deviceId: z.string(),
  /** When the hub asked for it (hub clock, ms). */
  createdAt: z.number(),
  /** The device time (ms) of the video's t = 0; null until the first piece arrived. */
  startedAt: z.number().nullable(),
  /** How the video was made and its sizes (with the first piece; absent in manifests written before it was kept). */
  facts: RecordingFactsSchema.nullable().optional(),
  endedAt: z.number().nullable(),
  /** Why it ended: `stopped`, `lease_ended`, `worker_lost`, or the worker's error. */
  endReason: z.string().nullable(),
  segments: z.number().int(),
  bytes: z.number().int(),
});

export type RecordingManifest = z.infer<typeof RecordingManifestSchema>;
