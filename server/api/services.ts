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
  hubVersion: string;
  startedAt: number;
}
