import type { Request } from 'express';
import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { clientIpKey, createRateLimiter } from '../../lib/rate-limit/index.js';
import { authOf } from '../../core/auth-context.js';
import { requestContext } from '../../core/request-context.js';
import {
  PoolParams,
  PoolSettingsSchema,
  PublicPoolQuery,
  PublicPoolSchema,
  SENSITIVE_POOL_FIELDS,
  UpdatePoolSchema,
} from './pools.schemas.js';
import type { PoolCaller, PoolsService } from './pools.service.js';

export interface PoolRouteDependencies {
  pools: PoolsService;
  connection: Connection;
  config: Pick<Config, 'auth'>;
  /** The project of an active application (API tokens reach only their application's project). */
  projectIdOfApplication(applicationId: string): Promise<string | null>;
}

const TAGS = ['User pools'];
const NOT_FOUND = {
  description:
    'No such active project among the caller’s (also for other tenants’ ids, and for API tokens of another project)',
};

/** How long browsers and proxies may keep the public settings: a changed logo shows within a minute. */
const PUBLIC_MAX_AGE_S = 60;

export function registerPoolRoutes(api: ApiRouter, deps: PoolRouteDependencies): void {
  const { pools } = deps;

  async function callerOf(req: Request): Promise<PoolCaller> {
    const auth = authOf(req);
    if (auth.via !== 'api_token') return { userId: auth.userId };
    return {
      userId: auth.userId,
      onlyProjectId: auth.applicationId ? await deps.projectIdOfApplication(auth.applicationId) : null,
    };
  }

  api.route(
    {
      method: 'get',
      permission: 'pool:read',
      path: '/projects/:project_id/pool',
      summary: 'Get the settings of a project’s user pool',
      description:
        'How the project’s end users sign up and sign in, and how the hosted pages look. Members of the project’s organization may read; API tokens need `read` and reach only their application’s project. A project that never changed a setting answers the defaults (`updated_at: null`). The Google client secret is never answered, only `client_secret_set`.',
      tags: TAGS,
      authenticated: true,
      tokenScope: 'read',
      params: PoolParams,
      responses: { 200: { description: 'Settings', schema: PoolSettingsSchema }, 404: NOT_FOUND },
    },
    async (req, res) => {
      res.json(await pools.get(await callerOf(req), req.valid.params.project_id));
    },
  );

  api.route(
    {
      method: 'patch',
      permission: 'pool:update',
      path: '/projects/:project_id/pool',
      summary: 'Change the settings of a project’s user pool (admins)',
      description: `Admins of the project’s organization. Fields left out stay as they are; in \`branding\`, an empty string or null gives a field its default back. \`google: null\` removes the pool’s Google client; \`google.client_secret\` may be left out to keep the stored secret of the same \`client_id\`. Changing ${SENSITIVE_POOL_FIELDS.map((field) => `\`${field}\``).join(', ')} needs a fresh proof of identity (step-up), which API tokens cannot give: with \`write\`, they may change \`signup\` and \`branding\`. Audited as \`project.pool_updated\` (never with the secret).`,
      tags: TAGS,
      authenticated: true,
      tokenScope: 'write',
      params: PoolParams,
      body: UpdatePoolSchema,
      stepUp: ({ body }) => SENSITIVE_POOL_FIELDS.some((field) => body[field] !== undefined),
      responses: {
        200: { description: 'Updated', schema: PoolSettingsSchema },
        403: { description: 'Not an admin of the organization (forbidden)' },
        404: NOT_FOUND,
      },
    },
    async (req, res) => {
      res.json(
        await pools.update(
          await callerOf(req),
          req.valid.params.project_id,
          req.valid.body,
          requestContext(req),
        ),
      );
    },
  );

  const perIp = createRateLimiter({
    connection: deps.connection,
    name: 'pool-public-ip',
    windowS: deps.config.auth.rateLimit.windowS,
    // Every hosted page load asks once: the budget of the origin check, ten sign-ins' worth.
    limit: deps.config.auth.rateLimit.perIp * 10,
    key: clientIpKey,
  });

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'public sign-in settings of a pool',
      path: '/pools/:project_id/public',
      summary: 'What a project’s hosted sign-in pages show (public)',
      description:
        'No authentication: the branding, sign-up mode, sign-in methods, password length and second-factor mode of the pool, and the application the hosted pages act for (`X-Application-ID` of the embedding API). Nothing secret (no Google client, no redirect URLs). Cacheable for a minute.',
      tags: TAGS,
      params: PoolParams,
      query: PublicPoolQuery,
      responses: {
        200: { description: 'Public settings', schema: PublicPoolSchema },
        404: {
          description: 'pool_not_found: no such project, it is deactivated, or it has no active application',
        },
        429: { description: 'Rate limited' },
      },
    },
    perIp,
    async (req, res) => {
      const answer = await pools.publicSettings(req.valid.params.project_id, req.valid.query.client_id);
      res.set('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
      res.json(answer);
    },
  );
}
