export { userModel } from './users.model.js';
export { cachedUserById } from './users.cache.js';
export { UserSchema, type PublicUser } from './users.schemas.js';
export {
  createUsersService,
  defaultDisplayName,
  normalizeEmail,
  toPublicUser,
  type UserContact,
  type UsersService,
} from './users.service.js';
export {
  migrateUsersToPools,
  POOL_MIGRATION_REVOKE_REASON,
  type PoolMigrationOptions,
  type PoolMigrationReport,
} from './users.pool-migration.js';
