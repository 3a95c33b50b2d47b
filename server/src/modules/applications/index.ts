export { ApplicationErrors } from './applications.errors.js';
export { applicationModel, type ApplicationDocument } from './applications.model.js';
export { callerOf as applicationCallerOf, registerApplicationRoutes } from './applications.routes.js';
export { ApplicationSchema } from './applications.schemas.js';
export {
  createApplicationsService,
  type ApplicationCaller,
  type ApplicationsService,
  type ApplicationView,
} from './applications.service.js';
