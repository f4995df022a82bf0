import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SimlabError } from '../../core/contract/index.js';
import type { BlobStore } from '../blobs/blob-store.js';

/** A share link's record: which session it opens, until when, and whether it was revoked. */
export const ShareSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  createdBy: z.string(),
  createdByTokenId: z.string(),
  revokedAt: z.number().nullable(),
});
export type Share = z.infer<typeof ShareSchema>;

export const MAX_SHARE_MS = 30 * 86_400_000;
export const DEFAULT_SHARE_MS = 7 * 86_400_000;
/** `shr_<id>.<expiresAt>.<signature>`: bounded so a forged one is refused before any work. */
export const SHARE_TOKEN = /^shr_([0-9a-f]{32})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

const KEY_BLOB = 'secrets/share-signing-key';
const shareKey = (id: string) => `shares/${id}.json`;

/**
 * Share links: a signed, expiring, revocable token that opens one session's replay read-only and
 * is no API token (it opens nothing else). The signing key is kept in the blob store so every hub
 * of a lab signs and checks alike; each link's record there says whether it was revoked.
 */
export class ShareLinks {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly blobs: BlobStore) {}

  async create(sessionId: string, expiresInMs: number, by: { name: string; tokenId: string }, now = Date.now()): Promise<{ share: Share; token: string }> {
    const share: Share = {
      id: randomUUID().replace(/-/g, ''),
      sessionId,
      createdAt: now,
      expiresAt: now + Math.min(MAX_SHARE_MS, expiresInMs),
      createdBy: by.name,
      createdByTokenId: by.tokenId,
      revokedAt: null,
    };
    await this.blobs.put(shareKey(share.id), Buffer.from(JSON.stringify(share)));
    return { share, token: `shr_${share.id}.${share.expiresAt}.${await this.sign(share.id, share.sessionId, share.expiresAt)}` };
  }

  async get(id: string): Promise<Share | null> {
    if (!/^[0-9a-f]{32}$/.test(id)) return null;
    const raw = await this.blobs.get(shareKey(id));
    const parsed = raw ? ShareSchema.safeParse(JSON.parse(raw.toString('utf8'))) : null;
    return parsed?.success ? parsed.data : null;
  }

  async list(sessionId: string): Promise<Share[]> {
    const shares: Share[] = [];
    for (const blob of await this.blobs.list('shares/')) {
      const share = await this.get(blob.key.slice('shares/'.length, -'.json'.length));
      if (share && share.sessionId === sessionId) shares.push(share);
    }
    return shares.sort((a, b) => a.createdAt - b.createdAt);
  }

  async revoke(id: string, now = Date.now()): Promise<Share | null> {
    const share = await this.get(id);
    if (!share) return null;
    if (share.revokedAt === null) {
      share.revokedAt = now;
      await this.blobs.put(shareKey(id), Buffer.from(JSON.stringify(share)));
    }
    return share;
  }

  /** The share a token opens, or UNAUTHORIZED (not a share token) / FORBIDDEN (forged, expired, revoked). */
  async open(token: string, now = Date.now()): Promise<Share> {
    const m = SHARE_TOKEN.exec(token);
    if (!m) throw new SimlabError('UNAUTHORIZED', 'not a share link');
    const [, id, expires, signature] = m as unknown as [string, string, string, string];
    const share = await this.get(id);
    const expected = share ? await this.sign(share.id, share.sessionId, share.expiresAt) : null;
    if (!share || !expected || String(share.expiresAt) !== expires || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
      throw new SimlabError('FORBIDDEN', 'this share link is not valid');
    }
    if (share.revokedAt !== null) throw new SimlabError('FORBIDDEN', 'this share link was revoked');
    if (now >= share.expiresAt) throw new SimlabError('FORBIDDEN', 'this share link has expired');
    return share;
  }

  private async sign(id: string, sessionId: string, expiresAt: number): Promise<string> {
    return createHmac('sha256', await this.signingKey()).update(`${id}.${sessionId}.${expiresAt}`).digest('base64url');
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= (async () => {
      const stored = await this.blobs.get(KEY_BLOB);
      if (stored && stored.length === 32) return stored;
      const fresh = randomBytes(32);
      await this.blobs.put(KEY_BLOB, fresh);
      // Another hub may have written its key first: everyone uses what the store holds.
      return (await this.blobs.get(KEY_BLOB)) ?? fresh;
    })();
    return this.key;
  }
}
