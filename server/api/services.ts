import type { ActionFeed } from '../actions/action-feed.js';
import type { Actions } from '../actions/actions.js';
import type { BlobStore } from '../blobs/blob-store.js';
import type { RecordingManager } from '../recordings/recording-manager.js';
import type { Revocations } from '../auth/revocation.js';
import type { TokenVerifier } from '../auth/tokens.js';
import type { LeaseManager } from '../leases/lease-manager.js';
import type { Store } from '../store/store.js';
import type { WorkerHub } from '../fleet/worker-hub.js';

/** What the routes work with. */
export interface HubServices {
  store: Store;
  verifier: TokenVerifier;
  /** Tells the hub's parts to cut what a revoked token holds. */
  revocations: Revocations;
  leases: LeaseManager;
  workers: WorkerHub;
  /** Recordings, full-size screenshots and bundles (a local folder unless HubOptions.blobs says otherwise). */
  blobs: BlobStore;
  recordings: RecordingManager;
  /** Device commands: admitted, checked against the lease, logged, routed. */
  actions: Actions;
  /** Actions as they are logged, for the dashboard. */
  actionFeed: ActionFeed;
  hubVersion: string;
  startedAt: number;
}
