import { authOf } from '../../core/auth-context.js';
import { toPublicUser } from '../users/index.js';
import { JwksSchema, VerifyResponseSchema } from './auth.schemas.js';
import type { AuthRouteKit } from './route-kit.js';

type PublicUserOf = typeof toPublicUser;

/**
 * `toPublicUser` remembered per account document: the token checks hand every request of a user
 * the same cached document, shared and never changed (modules/users/users.cache.ts), and a write
 * replaces it — so its public form is built once per version, not per request.
 */
function rememberedPublicUser(): PublicUserOf {
  const known = new WeakMap<object, ReturnType<PublicUserOf>>();
  return (user) => {
    let value = known.get(user);
    if (!value) known.set(user, (value = toPublicUser(user)));
    return value;
  };
}

/** For relying parties: checking a bearer credential, and the keys that verify access tokens. */
export function registerVerifyRoutes({ api, root, deps, tags }: AuthRouteKit): void {
  const { auth } = deps;
  const publicUser = rememberedPublicUser();

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own identity and memberships",
      path: '/verify',
      summary: 'Verify a bearer credential',
      description:
        'Returns the user, their organizations with roles, and how the request was authenticated (SPEC §7). Also takes tokens from an application’s embedding login; those (like API tokens) see only the application’s organization.',
      tags,
      authenticated: true,
      tokenScope: 'read',
      applicationSessions: 'also',
      responses: { 200: { description: 'Valid', schema: VerifyResponseSchema } },
    },
    async (req, res) => {
      const caller = authOf(req);
      const organizations = await deps.organizationsOf(caller.userId);
      res.json({
        user: publicUser(caller.user),
        // Tokens bound to an application see only its organization; sessions see all of theirs.
        organizations: caller.organizationId
          ? organizations.filter((organization) => organization.id === caller.organizationId)
          : organizations,
        context: {
          authenticated_via: caller.via,
          session_id: caller.sessionId,
          scopes: caller.scopes,
          application_id: caller.applicationId,
        },
      });
    },
  );

  root.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'public signing keys',
      path: '/.well-known/jwks.json',
      summary: 'Public keys that verify access tokens',
      tags,
      responses: { 200: { description: 'JSON Web Key Set', schema: JwksSchema } },
    },
    async (_req, res) => {
      res.set('Cache-Control', 'public, max-age=600').json((await auth.keys()).jwks());
    },
  );
}
