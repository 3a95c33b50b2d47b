import { requestContext } from '../../core/request-context.js';
import { AppUserParams, SetUserRolesSchema, UserRolesSchema } from './app-roles.schemas.js';
import { NO_PROJECT, tags, WHO_ASSIGNS, WHO_READS, type AppRoleRouteKit } from './app-roles.route-kit.js';

/** One end user’s roles: read them, set them. */
export function registerUserRoleRoutes(kit: AppRoleRouteKit): void {
  const { api, appRoles, callerOf } = kit;

  api.route(
    {
      method: 'get',
      path: '/projects/:id/users/:user_id/roles',
      permission: 'app_role:read',
      summary: 'An end user’s roles and the permissions they grant',
      description: `${WHO_READS} What the user’s next token will carry (\`roles\`, \`permissions\`).`,
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: AppUserParams,
      responses: {
        200: { description: 'Roles and permissions', schema: UserRolesSchema },
        404: {
          description: `${NO_PROJECT.description}; or pool_user_not_found (also for another pool’s user)`,
        },
      },
    },
    async (req, res) => {
      const { id, user_id } = req.valid.params;
      res.json(await appRoles.getUserRoles(await callerOf(req), id, user_id));
    },
  );

  api.route(
    {
      method: 'put',
      path: '/projects/:id/users/:user_id/roles',
      permission: 'app_role:assign',
      summary: 'Set an end user’s roles',
      description: `${WHO_ASSIGNS} Replaces the user’s roles with these (names of the project’s roles; \`[]\` takes all). Only users of this project’s pool (another pool’s user: 404 pool_user_not_found). Their tokens carry the roles from their next sign-in or refresh. Audited and announced as user.roles_changed when something changed.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: AppUserParams,
      body: SetUserRolesSchema,
      responses: {
        200: { description: 'The user’s roles and permissions now', schema: UserRolesSchema },
        400: {
          description:
            'Invalid body, or roles the project does not define (unknown_app_roles: the message and `unknown` name them)',
        },
        404: {
          description: `${NO_PROJECT.description}; or pool_user_not_found (also for another pool’s user)`,
        },
      },
    },
    async (req, res) => {
      const { id, user_id } = req.valid.params;
      res.json(
        await appRoles.setUserRoles(
          await callerOf(req),
          id,
          user_id,
          req.valid.body.roles,
          requestContext(req),
        ),
      );
    },
  );
}
