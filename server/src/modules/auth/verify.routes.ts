import { authOf } from '../../core/auth-context.js';
import { toPublicUser } from '../users/index.js';
import { JwksSchema, VerifyResponseSchema } from './auth.schemas.js';
import type { AuthRouteKit } from './route-kit.js';

/** For relying parties: checking a bearer credential, and the keys that verify access tokens. */
export function registerVerifyRoutes({ api, root, deps, tags }: AuthRouteKit): void {
  const { auth } = deps;

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
      res.json({
        user: toPublicUser(caller.user),
        organizations: (await deps.organizationsOf(caller.userId)).filter(
          (organization) => !caller.organizationId || organization.id === caller.organizationId,
        ),
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
