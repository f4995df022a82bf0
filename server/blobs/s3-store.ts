import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobInfo, type BlobStore, type ByteRange } from './blob-store.js';

export interface S3StoreOptions {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, ...); AWS itself when absent. */
  endpoint?: string;
  region?: string;
  /** Credentials; else the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The store from SIMLAB_S3_BUCKET, SIMLAB_S3_ENDPOINT and SIMLAB_S3_REGION, or null when no bucket is set. */
export function s3StoreFromEnv(env: NodeJS.ProcessEnv = process.env): S3Store | null {
  const bucket = env.SIMLAB_S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.SIMLAB_S3_ENDPOINT?.trim();
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('SIMLAB_S3_ENDPOINT must be an http(s) URL');
  return new S3Store({ bucket, ...(endpoint ? { endpoint } : {}), region: env.SIMLAB_S3_REGION?.trim() || 'us-east-1' });
}

function errorName(err: unknown): string {
  return (err as { name?: string; Code?: string }).name ?? (err as { Code?: string }).Code ?? '';
}

/**
 * Blobs in an S3-compatible bucket, for several hubs (the local folder serves one). Keys are the
 * checked blob keys as object keys; S3 writes each object whole, so readers never see half of one.
 */
export class S3Store implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StoreOptions) {
    const config: S3ClientConfig = { region: options.region ?? 'us-east-1' };
    if (options.endpoint) {
      config.endpoint = options.endpoint;
      // Compatible servers address buckets by path, not by host name.
      config.forcePathStyle = true;
    }
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
    this.bucket = options.bucket;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
  }

  async get(key: string, range?: ByteRange): Promise<Buffer | null> {
    assertBlobKey(key);
    if (range && range.end <= range.start) return (await this.list(key)).some((b) => b.key === key) ? Buffer.alloc(0) : null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}) }),
      );
      return Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
    } catch (err) {
      const name = errorName(err);
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      // A range that starts past the end: the blob is there, the range holds nothing.
      if (name === 'InvalidRange') return Buffer.alloc(0);
      throw err;
    }
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    assertBlobKey(prefix, { prefix: true });
    const found: BlobInfo[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      for (const o of page.Contents ?? []) {
        if (o.Key !== undefined) found.push({ key: o.Key, size: o.Size ?? 0, writtenAt: o.LastModified?.getTime() ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string): Promise<number> {
    assertBlobKey(key);
    const doomed = (await this.list(key)).filter((b) => b.key === key || b.key.startsWith(`${key}/`)).map((b) => b.key);
    // DeleteObjects takes at most 1000 keys a call.
    for (let i = 0; i < doomed.length; i += 1000) {
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: doomed.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
    }
    return doomed.length;
  }
}
