import { requestContext } from '../../core/request-context.js';
import {
  AppPermissionListSchema,
  AppPermissionParams,
  AppPermissionSchema,
  CreateAppPermissionSchema,
  ProjectParams,
  UpdateAppPermissionSchema,
} from './app-roles.schemas.js';
import { NO_PROJECT, tags, WHO_MANAGES, WHO_READS, type AppRoleRouteKit } from './app-roles.route-kit.js';

/** The permissions a project defines for its applications: list, define, rename, delete. */
export function registerAppPermissionRoutes(kit: AppRoleRouteKit): void {
  const { api, appRoles, callerOf } = kit;

  api.route(
    {
      method: 'get',
      path: '/projects/:id/permissions',
      permission: 'app_role:read',
      summary: 'List the project’s application permissions',
      description: `${WHO_READS} Every permission the project defines, by name, with how many of its roles grant it.`,
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: ProjectParams,
      responses: { 200: { description: 'Permissions', schema: AppPermissionListSchema }, 404: NO_PROJECT },
    },
    async (req, res) => {
      res.json({ data: await appRoles.listPermissions(await callerOf(req), req.valid.params.id) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/projects/:id/permissions',
      permission: 'app_role:manage',
      summary: 'Define an application permission',
      description: `${WHO_MANAGES} A name unique in the project (\`invoice:read\`: lower case, digits and \`: . _ -\`, at most 64) and an optional description. At most 500 per project. Audited and announced as project_permission.created.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: ProjectParams,
      body: CreateAppPermissionSchema,
      responses: {
        201: { description: 'Created', schema: AppPermissionSchema },
        404: NO_PROJECT,
        409: {
          description:
            'Name taken (app_permission_name_taken), or 500 already (app_permission_limit_reached)',
        },
      },
    },
    async (req, res) => {
      const { id } = req.valid.params;
      res
        .status(201)
        .json(await appRoles.createPermission(await callerOf(req), id, req.valid.body, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/projects/:id/permissions/:permission_id',
      permission: 'app_role:manage',
      summary: 'Rename or describe an application permission',
      description: `${WHO_MANAGES} A new name goes with every role granting the permission; end users’ tokens carry it from their next refresh. Audited and announced as project_permission.updated.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: AppPermissionParams,
      body: UpdateAppPermissionSchema,
      responses: {
        200: { description: 'Updated', schema: AppPermissionSchema },
        404: { description: `${NO_PROJECT.description}; or app_permission_not_found` },
        409: { description: 'Name taken (app_permission_name_taken)' },
      },
    },
    async (req, res) => {
      const { id, permission_id } = req.valid.params;
      res.json(
        await appRoles.updatePermission(
          await callerOf(req),
          id,
          permission_id,
          req.valid.body,
          requestContext(req),
        ),
      );
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/projects/:id/permissions/:permission_id',
      permission: 'app_role:manage',
      summary: 'Delete an application permission',
      description: `${WHO_MANAGES} The permission is also taken out of every role of the project that granted it (the roles stay). Audited and announced as project_permission.deleted (with \`roles_updated\`).`,
      tags,
      authenticated: true,
      tokenScope: 'delete',
      params: AppPermissionParams,
      responses: {
        204: { description: 'Deleted' },
        404: { description: `${NO_PROJECT.description}; or app_permission_not_found` },
      },
    },
    async (req, res) => {
      const { id, permission_id } = req.valid.params;
      await appRoles.deletePermission(await callerOf(req), id, permission_id, requestContext(req));
      res.status(204).end();
    },
  );
}
