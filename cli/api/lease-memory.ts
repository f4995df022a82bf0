import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { credentialsPath } from './credentials.js';
import { readJsonFile, writePrivateJson } from './private-file.js';

/** Leases this CLI took, per hub and token, so `--device` can be left out later. */
type Memory = Record<string, Record<string, string>>;

function leaseMemoryPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(credentialsPath(env)), 'leases.json');
}

/** Who holds the leases: the hub and a digest of the token (the token itself is not stored again). */
function keyOf(hub: string, token: string | undefined): string {
  return `${hub} ${createHash('sha256').update(token ?? '').digest('hex').slice(0, 16)}`;
}

export class LeaseMemory {
  constructor(
    private readonly hub: string,
    private readonly token: string | undefined,
    private readonly path: string = leaseMemoryPath(),
  ) {}

  /** Lease ids by device id. */
  all(): Record<string, string> {
    return { ...(readJsonFile<Memory>(this.path)?.[keyOf(this.hub, this.token)] ?? {}) };
  }

  remember(deviceId: string, leaseId: string): void {
    this.change((mine) => ({ ...mine, [deviceId]: leaseId }));
  }

  /** Keeps only the leases still live on the hub. */
  keepOnly(liveLeaseIds: ReadonlySet<string>): void {
    this.change((mine) => Object.fromEntries(Object.entries(mine).filter(([, id]) => liveLeaseIds.has(id))));
  }

  forget(deviceId: string): void {
    this.change((mine) => Object.fromEntries(Object.entries(mine).filter(([d]) => d !== deviceId)));
  }

  private change(edit: (mine: Record<string, string>) => Record<string, string>): void {
    const memory = readJsonFile<Memory>(this.path) ?? {};
    const key = keyOf(this.hub, this.token);
    const next = edit(memory[key] ?? {});
    if (Object.keys(next).length === 0) delete memory[key];
    else memory[key] = next;
    writePrivateJson(this.path, memory);
  }
}
