import type { BlobStore } from '../blobs/blob-store.js';
import type { RecordingPiece } from '../../core/wire/recording-protocol.js';
import { recordingManifestKey, recordingSegmentKey } from './evidence-keys.js';
import type { RecordingManifest } from './recording-manifest.js';

/** Pieces are gathered into segment blobs of about this age or size (fewer, larger blobs)... */
const SEGMENT_MS = 2000;
const SEGMENT_BYTES = 1024 * 1024;

/**
 * Writes one recording's pieces, in order, as numbered segment blobs whose concatenation is the
 * MP4, and keeps its manifest up to date. Pieces are held at most ~2 s before they are written,
 * and everything held is written when the recording ends for any reason (a worker lost mid-way
 * included), so the stored file plays up to the last piece that reached the hub.
 */
export class RecordingWriter {
  readonly manifest: RecordingManifest;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private heldSince = 0;
  private nextSeq = 0;
  private writes: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private finished = false;

  constructor(
    private readonly blobs: BlobStore,
    init: { id: string; sessionId: string; deviceId: string; createdAt: number },
    private readonly onError: (err: unknown) => void,
  ) {
    this.manifest = { ...init, startedAt: null, facts: null, endedAt: null, endReason: null, segments: 0, bytes: 0 };
    this.timer = setInterval(() => {
      if (this.held.length > 0 && Date.now() - this.heldSince >= SEGMENT_MS) this.flush();
    }, SEGMENT_MS / 2);
    this.timer.unref();
    this.saveManifest();
  }

  /** Takes the next piece; a piece out of order ends the recording (the file would not play past it). */
  add(piece: RecordingPiece): boolean {
    if (this.finished) return false;
    if (piece.seq !== this.nextSeq) return false;
    this.nextSeq += 1;
    if (piece.kind === 'init' && piece.startedAt !== undefined) this.manifest.startedAt = piece.startedAt;
    if (piece.kind === 'init' && piece.facts) this.manifest.facts = piece.facts;
    if (this.held.length === 0) this.heldSince = Date.now();
    this.held.push(Buffer.from(piece.data.buffer, piece.data.byteOffset, piece.data.byteLength));
    this.heldBytes += piece.data.byteLength;
    // The init segment goes out at once: with it the recording is playable from the first fragment on.
    if (piece.kind === 'init' || this.heldBytes >= SEGMENT_BYTES) this.flush();
    return true;
  }

  /** Writes what is held and closes the manifest with the reason. */
  async finish(reason: string): Promise<RecordingManifest> {
    if (!this.finished) {
      this.finished = true;
      clearInterval(this.timer);
      this.flush();
      this.manifest.endedAt = Date.now();
      this.manifest.endReason = reason;
      this.saveManifest();
    }
    await this.writes;
    return this.manifest;
  }

  private flush(): void {
    if (this.held.length === 0) return;
    const data = Buffer.concat(this.held);
    this.held = [];
    this.heldBytes = 0;
    const n = this.manifest.segments;
    this.manifest.segments += 1;
    this.manifest.bytes += data.length;
    const { sessionId, id } = this.manifest;
    this.enqueue(() => this.blobs.put(recordingSegmentKey(sessionId, id, n), data));
    this.saveManifest();
  }

  private saveManifest(): void {
    const text = JSON.stringify(this.manifest);
    const { sessionId, id } = this.manifest;
    this.enqueue(() => this.blobs.put(recordingManifestKey(sessionId, id), Buffer.from(text)));
  }

  /** Writes happen one after another, in order; a failed write is reported, the next ones still run. */
  private enqueue(write: () => Promise<void>): void {
    this.writes = this.writes.then(write).catch(this.onError);
  }
}
