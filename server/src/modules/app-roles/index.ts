export { AppRoleErrors } from './app-roles.errors.js';
export { registerAppRoleRoutes, type AppRoleRouteDependencies } from './app-roles.routes.js';
export {
  APP_NAME_PATTERN,
  AppRoleSchema,
  AppPermissionSchema,
  UserRolesSchema,
} from './app-roles.schemas.js';
export { createAppRolesService } from './app-roles.service.js';
export type {
  AppRoleCaller,
  AppRolesDependencies,
  AppRolesService,
  GrantSubject,
  RoleGrants,
} from './app-roles.types.js';
