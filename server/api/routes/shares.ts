import { z } from 'zod';
import { SimlabError, ok } from '../../../core/contract/index.js';
import { roleAtLeast } from '../../auth/roles.js';
import { AuditEventSchema, AuditLog } from '../../audit/audit-log.js';
import { screenFile, stepScreen, viewerDataOf } from '../../evidence/evidence-bundle.js';
import { viewerPage } from '../../evidence/viewer-page.js';
import { RecordingVideo } from '../../recordings/recording-reader.js';
import { DEFAULT_SHARE_MS, MAX_SHARE_MS, ShareLinks, type Share } from '../../shares/share-links.js';
import { byteRangeOf } from '../byte-range.js';
import { qint } from '../query.js';
import { route, signedIn, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';

const Id = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const Token = z.string().min(1).max(300);
const ShareJsonSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
});

const iso = (ms: number) => new Date(ms).toISOString();
const shareJson = (share: Share) => ({
  id: share.id,
  sessionId: share.sessionId,
  createdAt: iso(share.createdAt),
  expiresAt: iso(share.expiresAt),
  createdBy: share.createdBy,
  revokedAt: share.revokedAt === null ? null : iso(share.revokedAt),
});
export const sharePath = (token: string) => `/api/v1/share/${token}/`;

/**
 * Share links (signed, expiring, revocable, read-only: one session's replay, nothing else) and the
 * audit log their creation and revocation go to. The share routes are public: the token in the
 * path is checked by each, and it is no API token, so it opens no other route.
 */
export function shareRoutes(s: HubServices): AnyRoute[] {
  const shares = new ShareLinks(s.blobs);
  const audit = new AuditLog(s.blobs);
  const opened = async (token: string) => {
    const share = await shares.open(token);
    return { share, ...(await viewerDataOf(s, share.sessionId, null)) };
  };
  return [
    route({
      method: 'POST',
      url: '/sessions/:id/shares',
      command: 'share.create',
      minRole: 'member',
      tag: 'shares',
      summary: "A share link: a signed URL that opens this session's replay read-only, without an account, until it expires or is revoked",
      params: z.object({ id: Id }),
      body: z.object({ expiresInMs: z.number().int().min(60_000).max(MAX_SHARE_MS).optional().describe('default 7 days, at most 30') }).strict(),
      data: ShareJsonSchema.extend({ url: z.string(), token: z.string() }),
      handler: async ({ actor, params, body, request }) => {
        const me = signedIn(actor);
        if (!(await s.store.getSession(params.id))) throw new SimlabError('NOT_FOUND', `no session ${params.id}`);
        const { share, token } = await shares.create(params.id, body.expiresInMs ?? DEFAULT_SHARE_MS, { name: me.name, tokenId: me.tokenId });
        await audit.record({ actor: me.name, tokenId: me.tokenId, action: 'share.create', target: params.id, details: { shareId: share.id, expiresAt: iso(share.expiresAt) } });
        const url = `${request.protocol}://${request.headers.host ?? 'localhost'}${sharePath(token)}`;
        return ok('share.create', { ...shareJson(share), url, token });
      },
    }),
    route({
      method: 'GET',
      url: '/sessions/:id/shares',
      command: 'shares',
      minRole: 'member',
      tag: 'shares',
      summary: "A session's share links (never their tokens)",
      params: z.object({ id: Id }),
      data: z.object({ shares: z.array(ShareJsonSchema) }),
      handler: async ({ params }) => ok('shares', { shares: (await shares.list(params.id)).map(shareJson) }),
    }),
    route({
      method: 'DELETE',
      url: '/shares/:shareId',
      command: 'share.revoke',
      minRole: 'member',
      tag: 'shares',
      summary: 'Revokes a share link at once (its creator, or an admin)',
      params: z.object({ shareId: z.string().regex(/^[0-9a-f]{32}$/) }),
      data: ShareJsonSchema,
      handler: async ({ actor, params }) => {
        const me = signedIn(actor);
        const share = await shares.get(params.shareId);
        if (!share) throw new SimlabError('NOT_FOUND', `no share link ${params.shareId}`);
        if (share.createdByTokenId !== me.tokenId && !roleAtLeast(me.role, 'admin')) throw new SimlabError('FORBIDDEN', 'only its creator or an admin may revoke a share link');
        const revoked = (await shares.revoke(share.id)) ?? share;
        await audit.record({ actor: me.name, tokenId: me.tokenId, action: 'share.revoke', target: share.sessionId, details: { shareId: share.id } });
        return ok('share.revoke', shareJson(revoked));
      },
    }),
    route({
      method: 'GET',
      url: '/audit',
      command: 'audit',
      minRole: 'admin',
      tag: 'shares',
      summary: 'The audit log, newest first (share links created and revoked)',
      query: z.object({ limit: qint(1, 1000).optional() }).strict(),
      data: z.object({ events: z.array(AuditEventSchema) }),
      handler: async ({ query }) => ok('audit', { events: await audit.newest(query.limit ?? 100) }),
    }),
    route({
      method: 'GET',
      url: '/share/:token/',
      command: 'share.open',
      minRole: null,
      tag: 'shares',
      summary: "A share link's page: the session's replay with its video, read-only, no account needed",
      params: z.object({ token: Token }),
      binary: 'text/html',
      handler: async ({ params, reply }) => {
        const { data } = await opened(params.token);
        reply.header('cache-control', 'no-store');
        reply.header('referrer-policy', 'no-referrer');
        return { raw: Buffer.from(viewerPage(data, sharePath(params.token))), contentType: 'text/html; charset=utf-8' };
      },
    }),
    route({
      method: 'GET',
      url: '/share/:token/video/:file',
      command: 'share.video',
      minRole: null,
      tag: 'shares',
      summary: "A shared session's recording (one byte range honoured)",
      params: z.object({ token: Token, file: z.string().regex(/^recording-\d{1,4}\.mp4$/) }),
      binary: 'video/mp4',
      handler: async ({ params, request, reply }) => {
        const { share, data } = await opened(params.token);
        const recording = data.recordings.find((r) => r.file === `video/${params.file}`);
        if (!recording) throw new SimlabError('NOT_FOUND', `no ${params.file} in this share`);
        const video = await RecordingVideo.open(s.blobs, share.sessionId, recording.id);
        const range = byteRangeOf(request.headers.range, video.size);
        reply.header('accept-ranges', 'bytes');
        reply.header('cache-control', 'no-store');
        if (!range) return { raw: await video.read(), contentType: 'video/mp4' };
        reply.header('content-range', `bytes ${range.start}-${range.end - 1}/${video.size}`);
        return { raw: await video.read(range), contentType: 'video/mp4', status: 206 };
      },
    }),
    route({
      method: 'GET',
      url: '/share/:token/screens/:file',
      command: 'share.screen',
      minRole: null,
      tag: 'shares',
      summary: "A shared session's screenshot before or after a step",
      params: z.object({ token: Token, file: z.string().regex(/^\d{1,6}-(before|after)\.jpg$/) }),
      binary: 'image/jpeg',
      handler: async ({ params, reply }) => {
        const { replay, data } = await opened(params.token);
        const [n, which] = params.file.replace('.jpg', '').split('-') as [string, 'before' | 'after'];
        const step = data.steps[Number(n) - 1];
        const image = step && step[which] === screenFile(step.n, which) ? await stepScreen(s, replay, step.n, which) : null;
        if (!image) throw new SimlabError('NOT_FOUND', `no ${params.file} in this share`);
        reply.header('cache-control', 'no-store');
        return { raw: image, contentType: 'image/jpeg' };
      },
    }),
  ];
}

