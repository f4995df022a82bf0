import { issueToken } from './tokens.js';
import type { Store } from '../store/store.js';

export const LOCAL_WORKER_TOKEN_NAME = 'local-worker';

/** On a first start (no live admin token), creates one and returns it to print once; otherwise null. */
export async function ensureAdminToken(store: Store, now = Date.now()): Promise<string | null> {
  if ((await store.countLiveTokens('admin', now)) > 0) return null;
  return (await issueToken(store, 'admin', 'admin', null, now)).token;
}

/**
 * A fresh token for the worker the launcher starts next to the hub. Only hashes are stored, so
 * each start mints a new one and revokes the previous local-worker token.
 */
export async function mintLocalWorkerToken(store: Store, now = Date.now()): Promise<string> {
  await store.revokeTokensNamed(LOCAL_WORKER_TOKEN_NAME, 'worker', now);
  return (await issueToken(store, LOCAL_WORKER_TOKEN_NAME, 'worker', null, now)).token;
}
