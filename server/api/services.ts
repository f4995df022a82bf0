import type { BlobStore } from '../blobs/blob-store.js';
import type { RecordingManager } from '../recordings/recording-manager.js';
import type { TokenVerifier } from '../auth/tokens.js';
import type { LeaseManager } from '../leases/lease-manager.js';
import type { Store } from '../store/store.js';
import type { WorkerHub } from '../fleet/worker-hub.js';

/** What the routes work with. */
export interface HubServices {
  store: Store;
  verifier: TokenVerifier;
  leases: LeaseManager;
  workers: WorkerHub;
  /** Recordings, full-size screenshots and bundles (a local folder unless HubOptions.blobs says otherwise). */
  blobs: BlobStore;
  recordings: RecordingManager;
  hubVersion: string;
  startedAt: number;
}
