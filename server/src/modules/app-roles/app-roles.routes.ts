import type { ApiRouter } from '../../lib/api-router.js';
import { registerAppPermissionRoutes } from './app-roles.permission-routes.js';
import { registerAppRoleDefinitionRoutes } from './app-roles.role-routes.js';
import { appRoleRouteKit, type AppRoleRouteDependencies } from './app-roles.route-kit.js';
import { registerUserRoleRoutes } from './app-roles.user-role-routes.js';

export type { AppRoleRouteDependencies } from './app-roles.route-kit.js';

/**
 * The application permissions and roles of a project (issue #33): what its applications may
 * check, the roles bundling them, and which end users hold which roles — in the order the
 * OpenAPI document lists them.
 */
export function registerAppRoleRoutes(api: ApiRouter, deps: AppRoleRouteDependencies): void {
  const kit = appRoleRouteKit(api, deps);
  registerAppPermissionRoutes(kit);
  registerAppRoleDefinitionRoutes(kit);
  registerUserRoleRoutes(kit);
}
