import type { NextFunction, Request, Response } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { authOf } from '../../core/auth-context.js';
import { OrganizationErrors, OrganizationSchema, type OrganizationsService } from '../organizations/index.js';
import { UserSchema, type UsersService } from '../users/index.js';

const AdminUserListSchema = listSchema(UserSchema, 'AdminUserList');
const AdminOrganizationListSchema = listSchema(
  OrganizationSchema.omit({ role: true }),
  'AdminOrganizationList',
);

/** The global admin area (SPEC §2 /admin, §6): every profile and organization. */
export function registerAdminRoutes(
  api: ApiRouter,
  deps: { users: UsersService; organizations: OrganizationsService },
): void {
  const requireGlobalAdmin = async (req: Request, _res: Response, next: NextFunction) => {
    if (!(await deps.organizations.isGlobalAdmin(authOf(req).user)))
      throw new AppError(OrganizationErrors.ADMIN_ONLY);
    next();
  };
  const tags = ['Admin'];

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'global admins only (SPEC §6), in no organization',
      path: '/admin/users',
      summary: 'All profiles, newest first (global admins)',
      tags,
      authenticated: true,
      query: PageQuerySchema,
      responses: {
        200: { description: 'Profiles', schema: AdminUserListSchema },
        403: { description: 'Not a global admin' },
      },
    },
    requireGlobalAdmin,
    async (req, res) => {
      res.json(await deps.users.listAll(req.valid.query));
    },
  );

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'global admins only (SPEC §6), in no organization',
      path: '/admin/organizations',
      summary: 'All organizations, newest first (global admins)',
      tags,
      authenticated: true,
      query: PageQuerySchema,
      responses: {
        200: { description: 'Organizations', schema: AdminOrganizationListSchema },
        403: { description: 'Not a global admin' },
      },
    },
    requireGlobalAdmin,
    async (req, res) => {
      res.json(await deps.organizations.listAll(req.valid.query));
    },
  );
}
