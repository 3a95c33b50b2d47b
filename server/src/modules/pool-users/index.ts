export { IMPORT_MAX_BYTES, poolUsersImportBodyParser } from './pool-users.body.js';
export { csvToImportBody, IMPORT_CSV_COLUMNS, parseCsv } from './pool-users.csv.js';
export { PoolUserErrors } from './pool-users.errors.js';
export { registerPoolUserRoutes, type PoolUserRouteDependencies } from './pool-users.routes.js';
export { IMPORT_MAX_USERS, PoolUserSchema } from './pool-users.schemas.js';
export {
  createPoolUsersService,
  type PoolUserCaller,
  type PoolUsersDependencies,
  type PoolUsersService,
} from './pool-users.service.js';
export type { PoolUserView } from './pool-users.views.js';
