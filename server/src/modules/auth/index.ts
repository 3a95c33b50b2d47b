export { AuthErrors } from './auth.errors.js';
export { createAuthenticate, createRouteGuard, sessionAuthenticator } from './auth.middleware.js';
export {
  registerAuthRoutes,
  sessionResponse,
  type AuthRouteDependencies,
  type OrganizationMembership,
} from './auth.routes.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { MfaRequiredSchema, SessionTokensSchema } from './auth.schemas.js';
export { createPasswordLockout, type PasswordLockout } from './lockout.js';
export { createAuthRateLimits, type AuthRateLimits } from './auth.rate-limits.js';
