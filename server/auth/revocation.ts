/**
 * A revoked token loses everything it holds on this hub at once, not at its next request:
 * worker and dashboard sockets are cut and its leases end (issue 18, item 4). Each part of
 * the hub that holds something for a token listens here; the token route tells it.
 */
export class Revocations {
  private readonly listeners = new Set<(tokenId: string) => void | Promise<void>>();

  onRevoked(listener: (tokenId: string) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every listener has cut what it held for the token. */
  async revoked(tokenId: string): Promise<void> {
    await Promise.allSettled([...this.listeners].map(async (listener) => listener(tokenId)));
  }
}
