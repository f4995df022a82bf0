import type { BlobInfo, BlobStore, ByteRange } from '../blobs/blob-store.js';
import { SESSIONS_ROOT, recordingManifestKey, recordingVideoPrefix } from './evidence-keys.js';
import { RecordingManifestSchema, type RecordingManifest } from './recording-manifest.js';

/** The recordings of a session, oldest first (manifests that do not parse are skipped). */
export async function sessionRecordings(blobs: BlobStore, sessionId: string): Promise<RecordingManifest[]> {
  const prefix = `${SESSIONS_ROOT}/${sessionId}/recordings/`;
  const manifests: RecordingManifest[] = [];
  for (const blob of await blobs.list(prefix)) {
    if (!blob.key.endsWith('/recording.json')) continue;
    const parsed = RecordingManifestSchema.safeParse(JSON.parse((await blobs.get(blob.key))?.toString('utf8') ?? 'null'));
    if (parsed.success) manifests.push(parsed.data);
  }
  return manifests.sort((a, b) => a.createdAt - b.createdAt);
}

export async function recordingManifest(blobs: BlobStore, sessionId: string, recordingId: string): Promise<RecordingManifest | null> {
  const raw = await blobs.get(recordingManifestKey(sessionId, recordingId));
  const parsed = raw ? RecordingManifestSchema.safeParse(JSON.parse(raw.toString('utf8'))) : null;
  return parsed?.success ? parsed.data : null;
}

/** The MP4 of a recording as the segments stored so far: their total size and a reader of any byte range. */
export class RecordingVideo {
  private constructor(
    private readonly blobs: BlobStore,
    private readonly segments: BlobInfo[],
    readonly size: number,
  ) {}

  static async open(blobs: BlobStore, sessionId: string, recordingId: string): Promise<RecordingVideo> {
    const segments = await blobs.list(recordingVideoPrefix(sessionId, recordingId));
    return new RecordingVideo(blobs, segments, segments.reduce((sum, s) => sum + s.size, 0));
  }

  /** Bytes [start, end) of the whole video, read from the segments that overlap it. */
  async read(range: ByteRange = { start: 0, end: this.size }): Promise<Buffer> {
    const parts: Buffer[] = [];
    let offset = 0;
    for (const segment of this.segments) {
      const from = Math.max(range.start, offset);
      const to = Math.min(range.end, offset + segment.size);
      if (from < to) parts.push((await this.blobs.get(segment.key, { start: from - offset, end: to - offset })) ?? Buffer.alloc(0));
      offset += segment.size;
      if (offset >= range.end) break;
    }
    return Buffer.concat(parts);
  }
}
