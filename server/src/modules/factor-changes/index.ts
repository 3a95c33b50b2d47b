export { FactorChangeErrors } from './factor-changes.errors.js';
export { registerFactorChangeRoutes } from './factor-changes.routes.js';
export { createFactorChangesService, UNDO_LINK_PATH } from './factor-changes.service.js';
export type { FactorChangesDependencies, FactorChangesService } from './factor-changes.types.js';
