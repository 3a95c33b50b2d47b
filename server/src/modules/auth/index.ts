export { AuthErrors } from './auth.errors.js';
export {
  authOf,
  createAuthenticate,
  createRouteGuard,
  sessionAuthenticator,
  type AuthContext,
  type BearerAuthenticator,
} from './auth.middleware.js';
export {
  registerAuthRoutes,
  type AuthRouteDependencies,
  type OrganizationMembership,
} from './auth.routes.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { EmailSchema } from './auth.schemas.js';
export { createAuthRateLimits, type AuthRateLimits } from './auth.rate-limits.js';
