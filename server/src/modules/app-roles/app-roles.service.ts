import { createGrantSource } from './app-roles.grants.js';
import { createAppRolesKit } from './app-roles.kit.js';
import { createAppPermissions } from './app-roles.permissions.js';
import { createAppRoles } from './app-roles.roles.js';
import type { AppRolesDependencies, AppRolesService } from './app-roles.types.js';
import { createUserRoles } from './app-roles.users.js';

/**
 * Application permissions and roles of each project, for the end users of its pool (issue #33,
 * docs/roles.md): the project defines permissions (`invoice:read`) and roles bundling them, one
 * role may be the default for new sign-ups, and end users hold roles by name. Their roles and
 * permissions go into their tokens and the permissions endpoints (rolesAndPermissionsOf).
 */
export function createAppRolesService(deps: AppRolesDependencies): AppRolesService {
  const grants = createGrantSource(deps.connection);
  const kit = createAppRolesKit(deps, grants);
  return {
    ...createAppPermissions(kit),
    ...createAppRoles(kit),
    ...createUserRoles(kit),
    rolesAndPermissionsOf: grants.rolesAndPermissionsOf,
    defaultRolesOf: grants.defaultRolesOf,
  };
}
