import type { ErrorDefinition } from '../../lib/errors.js';

/** The error catalog of a project's application permissions and roles (issue #33). */
export const AppRoleErrors = {
  PERMISSION_NOT_FOUND: {
    status: 404,
    code: 'app_permission_not_found',
    message: 'No such permission in this project.',
  },
  ROLE_NOT_FOUND: {
    status: 404,
    code: 'app_role_not_found',
    message: 'No such role in this project.',
  },
  PERMISSION_NAME_TAKEN: {
    status: 409,
    code: 'app_permission_name_taken',
    message: 'The project already has a permission with this name.',
  },
  ROLE_NAME_TAKEN: {
    status: 409,
    code: 'app_role_name_taken',
    message: 'The project already has a role with this name.',
  },
  PERMISSION_LIMIT: {
    status: 409,
    code: 'app_permission_limit_reached',
    message: 'A project may define at most 500 permissions.',
  },
  ROLE_LIMIT: {
    status: 409,
    code: 'app_role_limit_reached',
    message: 'A project may define at most 100 roles.',
  },
  /** The message names the unknown permissions; `details` lists them. */
  UNKNOWN_PERMISSIONS: {
    status: 400,
    code: 'unknown_app_permissions',
    message: 'The project defines no permission with this name.',
  },
  /** The message names the unknown roles; `details` lists them. */
  UNKNOWN_ROLES: {
    status: 400,
    code: 'unknown_app_roles',
    message: 'The project defines no role with this name.',
  },
} as const satisfies Record<string, ErrorDefinition>;
