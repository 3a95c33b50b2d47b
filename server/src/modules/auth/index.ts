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
  sessionResponse,
  type AuthRouteDependencies,
  type OrganizationMembership,
} from './auth.routes.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { EmailSchema, SessionTokensSchema } from './auth.schemas.js';
export { createPasswordLockout, type PasswordLockout } from './lockout.js';
export { createAuthRateLimits, type AuthRateLimits } from './auth.rate-limits.js';
