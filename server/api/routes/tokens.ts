import { z } from 'zod';
import { SimlabError, ok } from '../../../core/contract/index.js';
import { TokenSchema } from '../../../core/wire/api-views.js';
import { TOKEN_ROLES } from '../../../core/wire/token-roles.js';
import { issueToken } from '../../auth/tokens.js';
import { route, signedIn, type AnyRoute } from '../route.js';
import type { HubServices } from '../services.js';
import { tokenJson } from '../views.js';

const CreateTokenBody = z
  .object({
    name: z.string().min(1).max(100),
    role: z.enum(TOKEN_ROLES),
    expiresInMs: z.number().int().positive().max(10 * 365 * 86_400_000).optional().describe('no expiry when absent'),
  })
  .strict();

export function tokenRoutes(s: HubServices): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/tokens',
      command: 'tokens',
      minRole: 'admin',
      tag: 'tokens',
      summary: 'Tokens (never their secrets)',
      data: z.object({ tokens: z.array(TokenSchema) }),
      handler: async () => ok('tokens', { tokens: (await s.store.listTokens()).map(tokenJson) }),
    }),
    route({
      method: 'POST',
      url: '/tokens',
      command: 'token.create',
      minRole: 'admin',
      tag: 'tokens',
      summary: 'Create a token; its secret is in this answer only',
      body: CreateTokenBody,
      data: TokenSchema.extend({ token: z.string() }),
      handler: async ({ body }) => {
        const now = Date.now();
        const issued = await issueToken(s.store, body.name, body.role, body.expiresInMs ? now + body.expiresInMs : null, now);
        return ok('token.create', { ...tokenJson(issued.record), token: issued.token });
      },
    }),
    route({
      method: 'DELETE',
      url: '/tokens/:id',
      command: 'token.revoke',
      minRole: 'admin',
      tag: 'tokens',
      summary: 'Revoke a token: its sockets are cut and its leases end at once',
      params: z.object({ id: z.string().min(1).max(100) }),
      data: TokenSchema,
      handler: async ({ actor, params }) => {
        if (params.id === signedIn(actor).tokenId) throw new SimlabError('INVALID_ARGS', 'a token cannot revoke itself');
        const token = await s.store.getToken(params.id);
        if (!token) throw new SimlabError('NOT_FOUND', `no token ${params.id}`);
        await s.store.revokeToken(token.id, Date.now());
        // Its sockets and leases go now, not at their next check.
        await s.revocations.revoked(token.id);
        return ok('token.revoke', tokenJson((await s.store.getToken(token.id)) ?? token));
      },
    }),
  ];
}
