import type { AuthContext } from '../../../core/auth-context.js';
import { builder } from '../graphql.builder.js';
import { asRoute } from '../graphql.operations.js';
import { Invitation } from './organizations.js';

/**
 * The signed-in account, read from the authentication that already happened (no database
 * command): what REST GET /auth/me answers about the person, and how they called.
 */
const Viewer = builder.objectRef<AuthContext>('Viewer').implement({
  description: 'The caller: the signed-in account, or the owner of the API token.',
  fields: (t) => ({
    id: t.id({ resolve: (caller) => caller.userId }),
    email: t.string({ resolve: (caller) => caller.user.email }),
    displayName: t.string({ resolve: (caller) => caller.user.display_name }),
    isVerified: t.boolean({ resolve: (caller) => caller.user.is_verified }),
    createdAt: t.field({ type: 'DateTime', resolve: (caller) => caller.user.created_at.toISOString() }),
    authenticatedVia: t.string({
      description: 'session or api_token (as REST POST /verify answers authenticated_via).',
      resolve: (caller) => caller.via,
    }),
    scopes: t.stringList({
      nullable: true,
      description:
        "An API token's scopes; null for a signed-in session (which may do everything its role allows).",
      resolve: (caller) => caller.scopes,
    }),
    invitations: t.field({
      type: [Invitation],
      nullable: true,
      description:
        'Pending invitations into organizations, newest first (REST GET /invitations; sessions only).',
      resolve: async (caller, _args, ctx) => {
        await asRoute(ctx, 'GET /invitations');
        return ctx.services.organizations.listInvitations(caller.userId);
      },
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: Viewer,
    nullable: true,
    description: 'The signed-in account (REST GET /auth/me).',
    resolve: async (_root, _args, ctx) => (await asRoute(ctx, 'GET /auth/me')).caller,
  }),
);
