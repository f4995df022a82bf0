import type { Snapshot } from '../../core/outline/snapshot.js';

/**
 * The snapshots each lease has taken: `@N` means element N of the latest one, and
 * `@<snapshot>:N` names one of a short history explicitly (DESIGN.md section 6).
 */
export class SnapshotHistory {
  private readonly byLease = new Map<string, Snapshot[]>();

  constructor(
    private readonly perLease = 16,
    private readonly maxLeases = 64,
  ) {}

  latest(lease: string): Snapshot | undefined {
    const list = this.byLease.get(lease);
    return list?.[list.length - 1];
  }

  find(lease: string, id: string): Snapshot | undefined {
    const list = this.byLease.get(lease) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i]?.id === id) return list[i];
    }
    return undefined;
  }

  /** Keeps a snapshot; `latest` makes it the one `@N` refers to. */
  remember(lease: string, snapshot: Snapshot, latest = true): void {
    const list = this.byLease.get(lease) ?? [];
    this.byLease.delete(lease);
    this.byLease.set(lease, list);
    const existing = list.findIndex((s) => s.id === snapshot.id);
    if (existing >= 0) list.splice(existing, 1);
    if (latest || list.length === 0) list.push(snapshot);
    else list.splice(list.length - 1, 0, snapshot);
    while (list.length > this.perLease) list.shift();
    while (this.byLease.size > this.maxLeases) {
      const oldest = this.byLease.keys().next().value;
      if (oldest === undefined) break;
      this.byLease.delete(oldest);
    }
  }

  forget(lease: string): void {
    this.byLease.delete(lease);
  }
}
