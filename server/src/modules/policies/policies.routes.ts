import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Request, Response } from 'express';
import { authOf } from '../../core/auth-context.js';
import { requestContext } from '../../core/request-context.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { z } from '../../lib/openapi.js';
import { APPLICATION_HEADER, gatedApplicationOf, sameApplication } from '../embedding/index.js';
import type { CheckService, RequestOrigin } from './policies.checks.js';
import { FastAuthorizeRequestSchema } from './policies.fast-parse.js';
import {
  AuthorizeResponseSchema,
  CreatePolicyBody,
  CreatePolicySchema,
  EndUserAuthorizeRequestSchema,
  OwnerParams,
  PolicyListSchema,
  PolicyParams,
  PolicySchema,
  UpdatePolicyBody,
  UpdatePolicySchema,
} from './policies.schemas.js';
import type { OwnerRef, PolicyCaller, PolicyService } from './policies.service.js';

export interface PolicyRouteDependencies {
  policies: PolicyService;
  checks: CheckService;
  /** The project of an active application (API tokens reach only their application's project). */
  projectIdOfApplication(applicationId: string): Promise<string | null>;
  /** The OpenAPI registry: the policy bodies are documented by reference (see CreatePolicyBody). */
  registry: OpenAPIRegistry;
}

const tags = ['Policies'];
const WHO_READS =
  'Members of the organization (`policy:read`); API tokens with `read`, for their application’s project (organization) only.';
const WHO_MANAGES =
  'Admins of the organization, or a custom role with `policy:manage`; API tokens with `write` (`delete` to delete) of such a member, for their application’s project (organization) only. End users’ tokens get 403.';
const INVALID = {
  description:
    'invalid_policy: the message names the problem and its path (`conditions.context.time.time_zone: …`), `details` lists each — nothing is changed',
};

const OWNERS = [
  {
    kind: 'project' as const,
    base: '/projects/:id/policies',
    what: 'a project',
    notFound: 'project_not_found: no such active project among the caller’s (also other tenants’ ids)',
    applies: 'It decides checks in the project, together with the organization’s policies.',
  },
  {
    kind: 'organization' as const,
    base: '/organizations/:id/policies',
    what: 'an organization',
    notFound: 'organization_not_found: no such organization among the caller’s (also other tenants’ ids)',
    applies: 'It decides checks in every project of the organization, and organization-scoped checks.',
  },
];

/** The policies CRUD of projects and organizations, and POST /api/v1/authorize. */
export function registerPolicyRoutes(api: ApiRouter, deps: PolicyRouteDependencies): void {
  const { policies } = deps;
  deps.registry.register('CreatePolicyRequest', CreatePolicySchema);
  deps.registry.register('UpdatePolicyRequest', UpdatePolicySchema);

  async function callerOf(req: Request): Promise<PolicyCaller> {
    const auth = authOf(req);
    if (auth.via !== 'api_token') return { userId: auth.userId };
    return {
      userId: auth.userId,
      tokenId: auth.tokenId,
      onlyProjectId: auth.applicationId ? await deps.projectIdOfApplication(auth.applicationId) : null,
      onlyOrganizationId: auth.organizationId,
    };
  }

  for (const owner of OWNERS) {
    const ref = (req: Request): OwnerRef => ({ kind: owner.kind, id: String(req.params.id) });
    const item = `${owner.base}/:policy_id`;
    const noPolicy = { description: `${owner.notFound}; or policy_not_found` };

    api.route(
      {
        method: 'get',
        path: owner.base,
        permission: 'policy:read',
        summary: `List the policies of ${owner.what}`,
        description: `${WHO_READS} All of them (at most 2,000), by name.`,
        tags,
        authenticated: true,
        tokenScope: 'read',
        params: OwnerParams,
        responses: {
          200: { description: 'Policies', schema: PolicyListSchema },
          404: { description: owner.notFound },
        },
      },
      async (req, res) => {
        res.json(await policies.list(await callerOf(req), ref(req)));
      },
    );

    api.route(
      {
        method: 'post',
        path: owner.base,
        permission: 'policy:manage',
        summary: `Create a policy of ${owner.what}`,
        description: `${WHO_MANAGES} ${owner.applies} Checked against the policy format (docs: Policies); audited and announced as policy.created.`,
        tags,
        authenticated: true,
        tokenScope: 'write',
        params: OwnerParams,
        body: CreatePolicyBody,
        responses: {
          201: { description: 'Created', schema: PolicySchema },
          400: INVALID,
          404: { description: owner.notFound },
          409: {
            description:
              'policy_name_taken (names are unique per owner, case-insensitively), or policy_limit_reached',
          },
        },
      },
      async (req, res) => {
        res
          .status(201)
          .json(await policies.create(await callerOf(req), ref(req), req.body, requestContext(req)));
      },
    );

    api.route(
      {
        method: 'get',
        path: item,
        permission: 'policy:read',
        summary: `Get a policy of ${owner.what}`,
        description: WHO_READS,
        tags,
        authenticated: true,
        tokenScope: 'read',
        params: PolicyParams,
        responses: { 200: { description: 'The policy', schema: PolicySchema }, 404: noPolicy },
      },
      async (req, res) => {
        res.json(await policies.get(await callerOf(req), ref(req), req.valid.params.policy_id));
      },
    );

    api.route(
      {
        method: 'patch',
        path: item,
        permission: 'policy:manage',
        summary: `Change a policy of ${owner.what}`,
        description: `${WHO_MANAGES} The fields sent (conditions as a whole). Takes effect for the next check (other server processes within a second). Audited and announced as policy.updated.`,
        tags,
        authenticated: true,
        tokenScope: 'write',
        params: PolicyParams,
        body: UpdatePolicyBody,
        responses: {
          200: { description: 'Updated', schema: PolicySchema },
          400: INVALID,
          404: noPolicy,
          409: { description: 'policy_name_taken' },
        },
      },
      async (req, res) => {
        res.json(
          await policies.update(
            await callerOf(req),
            ref(req),
            req.valid.params.policy_id,
            req.body,
            requestContext(req),
          ),
        );
      },
    );

    api.route(
      {
        method: 'delete',
        path: item,
        permission: 'policy:manage',
        summary: `Delete a policy of ${owner.what}`,
        description: `${WHO_MANAGES} Audited and announced as policy.deleted.`,
        tags,
        authenticated: true,
        tokenScope: 'delete',
        params: PolicyParams,
        responses: { 204: { description: 'Deleted' }, 404: noPolicy },
      },
      async (req, res) => {
        await policies.remove(await callerOf(req), ref(req), req.valid.params.policy_id, requestContext(req));
        res.status(204).end();
      },
    );
  }

  registerAuthorizeRoute(api, deps.checks);
}

/** POST /api/v1/authorize: the product API's check. */
function registerAuthorizeRoute(api: ApiRouter, checks: CheckService): void {
  api.route(
    {
      method: 'post',
      path: '/authorize',
      permission: 'policy:read',
      summary: 'Check what a user may do (policies and roles)',
      description:
        'Decides `{subject?, action, resource, context?}` — or up to 100 `checks` at once — by the policies of the project (with its organization’s) and the subject’s roles: denied when an enabled deny policy matches; else allowed when the subject’s roles grant the action (an end user’s application permissions, a member’s organization permissions) or an allow policy matches; else denied (`no_matching_policy`). The subject is the caller, or `subject.user_id`: an end user of the project or a member of its organization (anyone else: 404 subject_not_found). API tokens (`read`) check in their application’s project; sessions name `project_id` or `organization_id` (400 authorize_scope_required without). The caller’s role needs `policy:read` there. Every denial is counted (activity action authorization.denied).',
      tags,
      authenticated: true,
      tokenScope: 'read',
      body: FastAuthorizeRequestSchema,
      responses: {
        200: { description: 'The decision, or `results` for `checks`', schema: AuthorizeResponseSchema },
        400: { description: 'Invalid body, or authorize_scope_required' },
        404: {
          description: 'project_not_found / organization_not_found (other tenants), or subject_not_found',
        },
      },
    },
    (req, res) => {
      // Usually decided at once (policies.checks.ts); a promise only when something had to be read.
      const answer = checks.checkForMember(authOf(req), req.valid.body, originOf(req));
      if (!(answer instanceof Promise)) return void res.json(answer);
      return answer.then((decided) => void res.json(decided));
    },
  );
}

const MAX_USER_AGENT = 512;

/**
 * The request's source address and user agent, as requestContext gives them (the audit's): the
 * address is `req.ip`, which without X-Forwarded-For is the socket's whatever `trust proxy` says
 * (proxy-addr has nothing else to choose from) — read without proxy-addr's walk then.
 */
function originOf(req: Request): RequestOrigin {
  const ip = req.headers['x-forwarded-for'] === undefined ? req.socket.remoteAddress : req.ip;
  const userAgent = req.headers['user-agent'];
  return {
    ip: ip ?? null,
    userAgent: userAgent === undefined ? null : userAgent.slice(0, MAX_USER_AGENT),
  };
}

/** POST /api/auth/authorize: the embedding API's check, for the signed-in end user themselves. */
export function registerEndUserAuthorizeRoute(api: ApiRouter, checks: CheckService): void {
  api.route(
    {
      method: 'post',
      path: '/authorize',
      summary: 'May the signed-in end user do this?',
      description: `Decides \`{action, resource}\` — or up to 100 \`checks\` — for the end user of this access token, by the project’s policies (with its organization’s) and the user’s application roles, exactly as POST /api/v1/authorize; the context is this request’s (its source address, now). A partner page may use it to show or hide what its user can do (the SDK’s \`can()\`); the partner’s server decides for real with POST /api/v1/authorize. Requires the \`${APPLICATION_HEADER}\` header naming this token’s application.`,
      tags: ['Embedding API'],
      headers: z.object({ [APPLICATION_HEADER.toLowerCase()]: z.string() }),
      authenticated: true,
      applicationSessions: 'only',
      body: EndUserAuthorizeRequestSchema,
      responses: {
        200: { description: 'The decision, or `results` for `checks`', schema: AuthorizeResponseSchema },
        400: { description: 'Invalid body (a subject or context cannot be chosen here)' },
        403: { description: 'Origin not allowed for this application' },
        404: { description: 'Application not found or inactive' },
      },
    },
    sameApplication,
    async (req: Request, res: Response) => {
      const application = gatedApplicationOf(res);
      const auth = authOf(req);
      res.json(
        await checks.checkForEndUser(
          {
            user: auth.user,
            applicationId: String(application._id),
            organizationId: String(application.organization_id),
            projectId: String(application.project_id),
          },
          (req as Request & { valid: { body: never } }).valid.body,
          originOf(req),
        ),
      );
    },
  );
}
