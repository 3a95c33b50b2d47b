import type { Request } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { createdByCaller, resourceRouteSpecs } from '../../core/resource-routes.js';
import {
  ApplicationListSchema,
  ApplicationSchema,
  CreateApplicationSchema,
  ListApplicationsQuery,
  UpdateApplicationSchema,
} from './applications.schemas.js';
import { OidcSecretSchema, RotateOidcSecretSchema } from './applications.oidc.schemas.js';
import type { ApplicationCaller, ApplicationsService } from './applications.contract.js';

/** API tokens act only on the application they are bound to. */
export function callerOf(req: Request): ApplicationCaller {
  const auth = authOf(req);
  return { userId: auth.userId, applicationId: auth.via === 'api_token' ? (auth.applicationId ?? '') : null };
}

export function registerApplicationRoutes(api: ApiRouter, applications: ApplicationsService): void {
  const specs = resourceRouteSpecs(['Applications'], {
    description:
      'No such active application among the caller’s (also for other tenants’ ids, and for API tokens of another application)',
  });

  api.route(
    specs.collection({
      method: 'post',
      permission: 'application:create',
      path: '/applications',
      summary: 'Create an application in a project',
      description:
        'Members of the project’s organization may create. The slug is derived from the name when omitted; version defaults to 1.0.0.',
      body: CreateApplicationSchema,
      responses: {
        201: { description: 'Created', schema: ApplicationSchema },
        404: { description: 'No such active project among the caller’s' },
        409: { description: 'Slug taken in this project' },
      },
    }),
    createdByCaller(applications.create),
  );

  api.route(
    specs.collection({
      method: 'get',
      permission: 'application:read',
      path: '/applications',
      summary: 'List active applications',
      description:
        'Newest first, of one project (`project_id`) or of all the caller’s projects. An API token sees only its own application.',
      tokenScope: 'read',
      query: ListApplicationsQuery,
      responses: {
        200: { description: 'Applications', schema: ApplicationListSchema },
        404: { description: 'No such project among the caller’s' },
      },
    }),
    async (req, res) => {
      res.json(await applications.list(callerOf(req), req.valid.query));
    },
  );

  api.route(
    specs.item({
      method: 'get',
      permission: 'application:read',
      path: '/applications/:id',
      summary: 'Get an application',
      tokenScope: 'read',
      responses: { 200: { description: 'Application', schema: ApplicationSchema } },
    }),
    async (req, res) => {
      res.json(await applications.get(callerOf(req), req.valid.params.id));
    },
  );

  api.route(
    specs.item({
      method: 'patch',
      permission: 'application:update',
      path: '/applications/:id',
      summary: 'Update an application',
      description:
        'Fields left out stay as they are. `oidc` (OpenID Connect client and API settings, merged into what is stored and checked as a whole) is for admins of the organization with a fresh proof of identity (step-up): redirect URIs decide where sign-in codes go. API tokens cannot change `oidc` (token_not_allowed). Audited `application.updated`, and `application.oidc_updated` with the `oidc` fields sent.',
      tokenScope: 'write',
      body: UpdateApplicationSchema,
      stepUp: ({ body }) => body.oidc !== undefined,
      responses: {
        200: { description: 'Updated', schema: ApplicationSchema },
        403: { description: '`oidc` by a member (forbidden) or an API token (token_not_allowed)' },
        409: { description: 'Slug taken in this project, or the API identifier (api_identifier_taken)' },
      },
    }),
    async (req, res) => {
      res.json(
        await applications.update(callerOf(req), req.valid.params.id, req.valid.body, requestContext(req)),
      );
    },
  );

  api.route(
    specs.item({
      method: 'post',
      path: '/applications/:id/oidc/secret',
      permission: 'application:manage_oidc',
      summary: 'Create or rotate the client secret of a web or m2m OpenID client (admins)',
      description:
        'Answers the new secret once (32 random bytes, base64url); only its SHA-256 is stored. The previous secret keeps working for `overlap_seconds` (0 to 604800, default 86400); an older one stops at once. Admins of the organization, with a fresh proof of identity; not with API tokens. Single-page and native apps have no secret (400 oidc_secret_not_applicable). Audited `application.oidc_secret_rotated` (never the secret).',
      body: RotateOidcSecretSchema,
      stepUp: true,
      responses: {
        201: { description: 'The new secret (shown once)', schema: OidcSecretSchema },
        403: { description: 'Not an admin (forbidden), or an API token (token_not_allowed)' },
      },
    }),
    async (req, res) => {
      res
        .status(201)
        .json(
          await applications.rotateOidcSecret(
            callerOf(req),
            req.valid.params.id,
            req.valid.body.overlap_seconds,
            requestContext(req),
          ),
        );
    },
  );

  api.route(
    specs.item({
      method: 'delete',
      permission: 'application:delete',
      path: '/applications/:id',
      summary: 'Delete an application (admins)',
      description:
        'Soft delete: the application becomes inactive and disappears from lists and from the embedding API.',
      tokenScope: 'delete',
      responses: {
        204: { description: 'Deleted' },
        403: { description: 'Not an admin, or token without the delete scope' },
      },
    }),
    async (req, res) => {
      await applications.remove(callerOf(req), req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );
}
