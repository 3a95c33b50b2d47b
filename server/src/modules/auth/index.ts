export { AuthErrors } from './auth.errors.js';
export { secondFactorOfStep, type SecondFactorUsed } from './auth.model.js';
export { createAuthenticate, createRouteGuard, sessionAuthenticator } from './auth.middleware.js';
export {
  registerAuthRoutes,
  sessionResponse,
  type AuthRouteDependencies,
  type OrganizationMembership,
} from './auth.routes.js';
export { createAuthService } from './auth.service.js';
export {
  googleStrategy,
  runGoogleStrategy,
  type GoogleClient,
  type GoogleIdentity,
  type GoogleStateStore,
} from './google.js';
export type { AuthService } from './auth.types.js';
export { MfaRequiredSchema, SessionTokensSchema, SignInResponseSchema } from './auth.schemas.js';
export { createPasswordLockout, type PasswordLockout } from './lockout.js';
export { createAuthRateLimits, RATE_LIMITED_RESPONSE, type AuthRateLimits } from './auth.rate-limits.js';
