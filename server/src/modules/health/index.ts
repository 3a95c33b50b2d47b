export { registerHealthRoutes } from './health.routes.js';
export type { HealthDependencies } from './health.service.js';
