export { PoolErrors } from './pools.errors.js';
export { registerPoolRoutes, type PoolRouteDependencies } from './pools.routes.js';
export { PoolSettingsSchema, PublicPoolSchema, SENSITIVE_POOL_FIELDS } from './pools.schemas.js';
export {
  createPoolsService,
  type PoolApplications,
  type PoolCaller,
  type PoolsDependencies,
  type PoolsService,
  type PublicPoolView,
} from './pools.service.js';
export { POOL_DEFAULTS, type PoolSettingsView } from './pools.settings.js';
