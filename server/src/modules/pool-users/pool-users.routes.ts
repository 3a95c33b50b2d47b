import type { ApiRouter } from '../../lib/api-router.js';
import { registerPoolUserChangeRoutes } from './pool-users.change-routes.js';
import { registerPoolUserCollectionRoutes } from './pool-users.collection-routes.js';
import { registerPoolUserReadRoutes } from './pool-users.read-routes.js';
import { registerPoolUserSkillRoutes } from './pool-users.skill-routes.js';
import { poolUserRouteKit, type PoolUserRouteDependencies } from './pool-users.route-kit.js';

export type { PoolUserRouteDependencies } from './pool-users.route-kit.js';

/**
 * The user management API of a project's pool (docs/user-pools.md, "User management"), in the
 * order the OpenAPI document lists it: the list, the import and the invitation, one user's detail
 * and export, then what admins do to one user.
 */
export function registerPoolUserRoutes(api: ApiRouter, deps: PoolUserRouteDependencies): void {
  const kit = poolUserRouteKit(api, deps);
  registerPoolUserReadRoutes(kit);
  registerPoolUserCollectionRoutes(kit);
  registerPoolUserChangeRoutes(kit);
  registerPoolUserSkillRoutes(kit);
}
