import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BlobStore } from '../blobs/blob-store.js';

/** Who did what to what, kept apart from the sessions (retention never deletes it). */
export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.number(),
  /** The token's name and id that did it. */
  actor: z.string(),
  tokenId: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export type AuditEvent = z.infer<typeof AuditEventSchema>;

const ROOT = 'audit';

/** The lab's audit log as one blob per event, by day, so several hubs can write it side by side. */
export class AuditLog {
  constructor(private readonly blobs: BlobStore) {}

  async record(event: Omit<AuditEvent, 'id' | 'at'>, at = Date.now()): Promise<AuditEvent> {
    const full: AuditEvent = { id: randomUUID(), at, ...event };
    const day = new Date(at).toISOString().slice(0, 10);
    await this.blobs.put(`${ROOT}/${day}/${String(at).padStart(15, '0')}-${full.id}.json`, Buffer.from(JSON.stringify(full)));
    return full;
  }

  /** The newest events first, at most `limit`. */
  async newest(limit: number): Promise<AuditEvent[]> {
    const blobs = (await this.blobs.list(`${ROOT}/`)).reverse().slice(0, limit);
    const events: AuditEvent[] = [];
    for (const blob of blobs) {
      const raw = await this.blobs.get(blob.key);
      const parsed = raw ? AuditEventSchema.safeParse(JSON.parse(raw.toString('utf8'))) : null;
      if (parsed?.success) events.push(parsed.data);
    }
    return events;
  }
}
