import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { createdByCaller, resourceRouteSpecs } from '../../core/resource-routes.js';
import {
  ApiTokenListSchema,
  ApiTokenSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  ListApiTokensQuery,
  PermissionsRequestSchema,
  PermissionsResponseSchema,
  TokenIdParams,
} from './tokens.schemas.js';
import type { TokensService } from './tokens.contract.js';

/**
 * Token management is for signed-in sessions only (no `tokenScope`): a token can neither mint
 * nor list nor revoke tokens.
 */
export function registerTokenRoutes(api: ApiRouter, tokens: TokensService): void {
  const specs = resourceRouteSpecs(
    ['API tokens'],
    { description: "No such token among the caller's own (also for other users' tokens)" },
    TokenIdParams,
  );

  api.route(
    specs.collection({
      method: 'post',
      permission: 'token:create',
      path: '/tokens',
      summary: 'Issue an API token for an application',
      description:
        'Needs token:create in the application’s organization; an `admin` token also a proof of identity within 10 minutes (else 403 reauthentication_required). The token is in this response only; only its SHA-256 hash and first 8 characters are stored.',
      body: CreateApiTokenSchema,
      // An admin token outlives the session that made it: a stolen access token must not mint one.
      stepUp: ({ body }) => body.scopes.includes('admin'),
      responses: {
        201: { description: 'Created; `token` is shown this once', schema: CreatedApiTokenSchema },
        404: { description: 'No such application among the caller’s organizations' },
      },
    }),
    createdByCaller(tokens.create),
  );

  api.route(
    specs.collection({
      method: 'get',
      permission: null,
      permissionReason: "the caller's own API tokens",
      path: '/tokens',
      summary: "List the caller's API tokens",
      description: 'Newest first, optionally of one application.',
      query: ListApiTokensQuery,
      responses: { 200: { description: 'Tokens', schema: ApiTokenListSchema } },
    }),
    async (req, res) => {
      res.json(await tokens.list(authOf(req).userId, req.valid.query));
    },
  );

  api.route(
    specs.item({
      method: 'get',
      permission: null,
      permissionReason: "the caller's own API tokens",
      path: '/tokens/:id',
      summary: 'Get one of the caller’s API tokens',
      responses: { 200: { description: 'Token', schema: ApiTokenSchema } },
    }),
    async (req, res) => {
      res.json(await tokens.get(authOf(req).userId, req.valid.params.id));
    },
  );

  api.route(
    specs.item({
      method: 'post',
      permission: null,
      permissionReason: "the caller's own API tokens",
      path: '/tokens/:id/revoke',
      summary: 'Revoke an API token (irreversible)',
      description:
        'The token stops working at once. Revoking an already revoked token changes nothing and answers 200.',
      responses: { 200: { description: 'Revoked', schema: ApiTokenSchema } },
    }),
    async (req, res) => {
      res.json(await tokens.revoke(authOf(req).userId, req.valid.params.id, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'post',
      permission: 'application:read',
      path: '/permissions',
      summary: "The caller's role and permissions in an application",
      description:
        "From the caller's active membership in the application's organization (SPEC §6/§7); an end user of the application's pool (a token from its embedding login) gets `role: null`, their application roles in `roles` and the permissions these grant in `application_permissions`. An API token, or a token from an application's embedding login, may only ask about its own application.",
      tags: ['Authentication'],
      authenticated: true,
      tokenScope: 'read',
      applicationSessions: 'also',
      body: PermissionsRequestSchema,
      responses: {
        200: { description: 'Role and permission flags', schema: PermissionsResponseSchema },
        404: { description: 'No such application among the caller’s organizations' },
      },
    },
    async (req, res) => {
      const caller = authOf(req);
      res.json(await tokens.applicationPermissions(caller, req.valid.body.application_id));
    },
  );
}
