import { requestContext } from '../../core/request-context.js';
import {
  AppRoleListSchema,
  AppRoleParams,
  AppRoleSchema,
  CreateAppRoleSchema,
  ProjectParams,
  UpdateAppRoleSchema,
} from './app-roles.schemas.js';
import {
  NO_PROJECT,
  tags,
  UNKNOWN_PERMISSIONS,
  WHO_MANAGES,
  WHO_READS,
  type AppRoleRouteKit,
} from './app-roles.route-kit.js';

/** The roles a project defines for its end users: list, define, change, delete. */
export function registerAppRoleDefinitionRoutes(kit: AppRoleRouteKit): void {
  const { api, appRoles, callerOf } = kit;

  api.route(
    {
      method: 'get',
      path: '/projects/:id/roles',
      permission: 'app_role:read',
      summary: 'List the project’s roles for end users',
      description: `${WHO_READS} Every role by name, with its permissions and whether it is the default for new sign-ups.`,
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: ProjectParams,
      responses: { 200: { description: 'Roles', schema: AppRoleListSchema }, 404: NO_PROJECT },
    },
    async (req, res) => {
      res.json({ data: await appRoles.listRoles(await callerOf(req), req.valid.params.id) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/projects/:id/roles',
      permission: 'app_role:manage',
      summary: 'Define a role for end users',
      description: `${WHO_MANAGES} A name unique in the project (as for permissions), an optional description, the project’s permissions it grants, and \`default: true\` to make it the role every new end user of the pool gets at sign-up (registration, Google, invitation, import) — the previous default stops being it in the same write. At most 100 roles per project. Audited and announced as project_role.created.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: ProjectParams,
      body: CreateAppRoleSchema,
      responses: {
        201: { description: 'Created', schema: AppRoleSchema },
        400: UNKNOWN_PERMISSIONS,
        404: NO_PROJECT,
        409: { description: 'Name taken (app_role_name_taken), or 100 already (app_role_limit_reached)' },
      },
    },
    async (req, res) => {
      const { id } = req.valid.params;
      res
        .status(201)
        .json(await appRoles.createRole(await callerOf(req), id, req.valid.body, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/projects/:id/roles/:role_id',
      permission: 'app_role:manage',
      summary: 'Change a role for end users',
      description: `${WHO_MANAGES} Name, description, permissions (the whole list) or \`default\`. End users holding the role keep it under a new name; their tokens carry the change from their next refresh (at most one access-token lifetime). Audited and announced as project_role.updated (with the permissions added and removed).`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: AppRoleParams,
      body: UpdateAppRoleSchema,
      responses: {
        200: { description: 'Updated', schema: AppRoleSchema },
        400: UNKNOWN_PERMISSIONS,
        404: { description: `${NO_PROJECT.description}; or app_role_not_found` },
        409: { description: 'Name taken (app_role_name_taken)' },
      },
    },
    async (req, res) => {
      const { id, role_id } = req.valid.params;
      res.json(
        await appRoles.updateRole(await callerOf(req), id, role_id, req.valid.body, requestContext(req)),
      );
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/projects/:id/roles/:role_id',
      permission: 'app_role:manage',
      summary: 'Delete a role for end users',
      description: `${WHO_MANAGES} The role is also taken from every end user holding it, and stops being the default. Audited and announced as project_role.deleted (with \`users_updated\`); no user.roles_changed per user.`,
      tags,
      authenticated: true,
      tokenScope: 'delete',
      params: AppRoleParams,
      responses: {
        204: { description: 'Deleted' },
        404: { description: `${NO_PROJECT.description}; or app_role_not_found` },
      },
    },
    async (req, res) => {
      const { id, role_id } = req.valid.params;
      await appRoles.deleteRole(await callerOf(req), id, role_id, requestContext(req));
      res.status(204).end();
    },
  );
}
