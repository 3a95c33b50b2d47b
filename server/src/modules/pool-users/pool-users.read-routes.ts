import { requestContext } from '../../core/request-context.js';
import { NO_PROJECT, NO_USER, tags, WHO_READS, type PoolUserRouteKit } from './pool-users.route-kit.js';
import { PersonalDataExportSchema } from '../privacy/index.js';
import {
  ListPoolUsersQuery,
  PoolParams,
  PoolUserDetailSchema,
  PoolUserListSchema,
  PoolUserParams,
} from './pool-users.schemas.js';

/** The list, the detail page and the GDPR export (members read). */
export function registerPoolUserReadRoutes(kit: PoolUserRouteKit): void {
  const { api, poolUsers, callerOf, onUser } = kit;

  api.route(
    {
      method: 'get',
      permission: 'pool_user:read',
      path: '/projects/:project_id/users',
      summary: 'List and search the users of a project’s pool',
      description: `${WHO_READS} Newest first. \`q\` finds a part of the e-mail address or the display name (case-insensitive); the filters combine. With \`second_factor\` a page may hold fewer than \`limit\` users (even none) while \`next_cursor\` is not null: each request reads at most 1,000 users.`,
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: PoolParams,
      query: ListPoolUsersQuery,
      responses: { 200: { description: 'Users', schema: PoolUserListSchema }, 404: NO_PROJECT },
    },
    async (req, res) => {
      res.json(await poolUsers.list(await callerOf(req), req.valid.params.project_id, req.valid.query));
    },
  );

  api.route(
    {
      method: 'get',
      permission: 'pool_user:read',
      path: '/projects/:project_id/users/:user_id',
      summary: 'Get a user of a project’s pool, with sessions, factors, devices and activity',
      description: WHO_READS,
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: PoolUserParams,
      responses: { 200: { description: 'The user', schema: PoolUserDetailSchema }, 404: NO_USER },
    },
    onUser((caller, projectId, userId) => poolUsers.get(caller, projectId, userId)),
  );

  api.route(
    {
      method: 'get',
      permission: 'pool_user:read',
      path: '/projects/:project_id/users/:user_id/export',
      summary: 'Download every personal datum of a user (GDPR Art. 15, 20)',
      description: `${WHO_READS} The same document the person downloads themselves (docs/privacy.md), as an attachment. Audited as \`user.exported\`.`,
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: PoolUserParams,
      responses: {
        200: {
          description: 'The export (iam-platform-personal-data/1)',
          schema: PersonalDataExportSchema,
        },
        404: NO_USER,
      },
    },
    async (req, res) => {
      const { project_id, user_id } = req.valid.params;
      const caller = await callerOf(req);
      const context = requestContext(req);
      let started = false;
      await poolUsers.exportUser(caller, project_id, user_id, context, {
        write: (chunk) => {
          if (!started) {
            // Headers only once authorized and found: a refusal is answered as JSON error.
            const day = new Date().toISOString().slice(0, 10);
            res.status(200).type('application/json').attachment(`user-${user_id}-export-${day}.json`);
            started = true;
          }
          return res.write(chunk)
            ? undefined
            : new Promise<void>((resolve) => res.once('drain', () => resolve()));
        },
      });
      res.end();
    },
  );
}
