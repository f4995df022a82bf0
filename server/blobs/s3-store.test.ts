import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3Store } from './s3-store.js';
import { blobStoreContract } from '../test-support/blob-store-contract.js';
import { tempDataDir } from '../test-support/temp-data-dir.js';

/**
 * The blob store contract against a real S3-compatible server over HTTP: s3rver (an S3 API
 * server in Node, keeping objects in a temporary folder), one bucket per test.
 */
blobStoreContract('S3Store', async (t) => {
  const bucket = `simlab-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(tempDataDir(t, 'simlab-s3-'), 's3'), configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  t.after(() => server.close());
  return new S3Store({ bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
