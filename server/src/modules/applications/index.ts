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
export { hashClientSecret } from './applications.oidc.js';
export { issuerOf } from './applications.oidc.views.js';
/**
 * For the oidc module: `applications.oidcClientOf(applicationId)` and
 * `applications.oidcResourceServer(projectId, identifier)` of the service (types in core/oidc-clients.ts).
 */
export type {
  OidcClientRecord,
  OidcResourceServerRecord,
  OidcClientSource,
} from '../../core/oidc-clients.js';
