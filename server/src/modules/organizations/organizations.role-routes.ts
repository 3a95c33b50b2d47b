import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { BUILT_IN_ROLES, CATALOG, inCatalogOrder } from '../../core/permissions.js';
import { resourceRouteSpecs } from '../../core/resource-routes.js';
import type { OrganizationsService } from './organizations.contract.js';
import {
  CreateOrganizationRoleSchema,
  OrganizationRoleListSchema,
  OrganizationRoleSchema,
  PermissionCatalogSchema,
  RoleParams,
  UpdateOrganizationRoleSchema,
} from './organizations.schemas.js';

const tags = ['Roles'];
const notFound = { description: 'No such organization among the caller’s (also for other tenants’ ids)' };
const specs = resourceRouteSpecs(tags, notFound);
const roleSpecs = resourceRouteSpecs(
  tags,
  { description: 'No such organization among the caller’s, or no such custom role in it (role_not_found)' },
  RoleParams,
);
const escalation =
  'Nobody hands out more than they hold: the caller needs every permission the role grants (else 403 forbidden naming the first one missing).';

/**
 * The permission catalog and an organization's roles (issue #33): the built-in `admin` and
 * `member`, and custom roles composed from the catalog that members hold by name.
 */
export function registerRoleRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  api.route(
    {
      method: 'get',
      path: '/permissions/catalog',
      permission: null,
      permissionReason: 'the platform’s permission catalog: the same for every caller',
      summary: 'The permission catalog',
      description:
        'Every permission of the platform (`resource:action`), grouped by resource, with German and English labels, and what the built-in roles hold. Custom roles are composed from these names.',
      tags,
      authenticated: true,
      tokenScope: 'read',
      responses: { 200: { description: 'The catalog', schema: PermissionCatalogSchema } },
    },
    (_req, res) => {
      res.json({
        resources: CATALOG,
        built_in_roles: {
          admin: inCatalogOrder(BUILT_IN_ROLES.admin),
          member: inCatalogOrder(BUILT_IN_ROLES.member),
        },
      });
    },
  );

  api.route(
    specs.item({
      method: 'get',
      path: '/organizations/:id/roles',
      permission: 'role:read',
      summary: 'List the organization’s roles',
      description:
        'The built-in roles (`id` null) first, then the custom roles by name, each with how many members hold it.',
      tokenScope: 'read',
      responses: { 200: { description: 'Roles', schema: OrganizationRoleListSchema } },
    }),
    async (req, res) => {
      res.json({ data: await organizations.listRoles(authOf(req).userId, req.valid.params.id) });
    },
  );

  api.route(
    specs.item({
      method: 'post',
      path: '/organizations/:id/roles',
      permission: 'role:manage',
      summary: 'Create a custom role',
      description: `A name unique in the organization (case-insensitively; not \`admin\` or \`member\`), an optional description and permissions from the catalog. ${escalation} Audited and announced as role.created.`,
      body: CreateOrganizationRoleSchema,
      responses: {
        201: { description: 'Created', schema: OrganizationRoleSchema },
        409: { description: 'Name taken (role_name_taken), or 50 custom roles already (role_limit_reached)' },
      },
    }),
    async (req, res) => {
      res
        .status(201)
        .json(
          await organizations.createRole(
            authOf(req).userId,
            req.valid.params.id,
            req.valid.body,
            requestContext(req),
          ),
        );
    },
  );

  api.route(
    roleSpecs.item({
      method: 'patch',
      path: '/organizations/:id/roles/:role_id',
      permission: 'role:manage',
      summary: 'Change a custom role',
      description: `Name, description or permissions; members holding the role keep it under its new name and get its new permissions at once. ${escalation} Audited and announced as role.updated (with the permissions added and removed).`,
      body: UpdateOrganizationRoleSchema,
      responses: {
        200: { description: 'Updated', schema: OrganizationRoleSchema },
        409: { description: 'Name taken (role_name_taken)' },
      },
    }),
    async (req, res) => {
      const { id, role_id } = req.valid.params;
      res.json(
        await organizations.updateRole(authOf(req).userId, id, role_id, req.valid.body, requestContext(req)),
      );
    },
  );

  api.route(
    roleSpecs.item({
      method: 'delete',
      path: '/organizations/:id/roles/:role_id',
      permission: 'role:manage',
      summary: 'Delete a custom role',
      description: `Only a role nobody holds: otherwise 409 role_in_use naming how many members (pending invitations included) hold it (\`member_count\`). ${escalation} Audited and announced as role.deleted.`,
      responses: {
        204: { description: 'Deleted' },
        409: { description: 'Members hold the role (role_in_use, with member_count)' },
      },
    }),
    async (req, res) => {
      const { id, role_id } = req.valid.params;
      await organizations.deleteRole(authOf(req).userId, id, role_id, requestContext(req));
      res.status(204).end();
    },
  );
}
