/**
 * Where the hub keeps large bytes: recording fragments, full-size screenshots, exported bundles.
 * The local folder is the default (`local-folder-store.ts`); an S3-compatible store implements the
 * same interface for several hubs. Blobs are written once and never changed, so a recording is a
 * series of numbered fragment blobs rather than one growing file: that is what S3 can hold, and a
 * reader sees a prefix of the recording at any moment.
 */
export interface BlobInfo {
  key: string;
  size: number;
  /** When the blob was written (ms since the epoch). */
  writtenAt: number;
}

/** Bytes [start, end) of a blob; end is clamped to its size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStore {
  /** Writes the blob whole; a reader never sees it half-written. Overwrites a blob of the same key. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The blob's bytes (or the range of them), or null when there is no such blob. */
  get(key: string, range?: ByteRange): Promise<Buffer | null>;
  /** Every blob whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<BlobInfo[]>;
  /** Deletes the blob `key` and every blob under `key/`; returns how many were deleted. */
  delete(key: string): Promise<number>;
}

/** Longest key a blob may have; keys are bounded so every backend can hold them. */
export const MAX_BLOB_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/**
 * Throws unless `key` is `segment(/segment)*` with segments of letters, digits, `.`, `_`, `-`
 * not starting with a dot: no `..`, no absolute paths, nothing a folder store could escape with.
 * A prefix for `list` may end with `/`.
 */
export function assertBlobKey(key: string, { prefix = false } = {}): void {
  const body = prefix && key.endsWith('/') ? key.slice(0, -1) : key;
  if (prefix && body === '') return;
  if (key.length > MAX_BLOB_KEY_LENGTH || !body.split('/').every((s) => SEGMENT.test(s))) {
    throw new Error(`invalid blob key "${key.slice(0, 80)}": use segments of letters, digits, ".", "_", "-" separated by "/"`);
  }
}
