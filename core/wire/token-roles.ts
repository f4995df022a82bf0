/** The roles a token may have, as the REST API names them (POST /api/v1/tokens); worker tokens only open the /workers namespace. */
export const TOKEN_ROLES = ['admin', 'member', 'agent', 'viewer', 'worker'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];
