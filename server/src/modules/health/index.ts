export { registerHealthRoutes } from './health.routes.js';
export type { DatabaseWrites, HealthDependencies } from './health.service.js';
export { databaseWritesOf } from './health.database.js';
