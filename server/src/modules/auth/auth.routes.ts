import type { ApiRouter } from '../../lib/api-router.js';
import { createAuthRateLimits } from './auth.rate-limits.js';
import { registerEmailChangeRoutes } from './email-change.routes.js';
import { registerGoogleRoutes } from './google.routes.js';
import { registerPasswordRoutes } from './password.routes.js';
import { registerProfileRoutes } from './profile.routes.js';
import { registerRegistrationRoutes } from './registration.routes.js';
import type { AuthRouteDependencies, AuthRouteKit } from './route-kit.js';
import { registerSessionRoutes } from './session.routes.js';
import { registerSignInRoutes } from './sign-in.routes.js';
import { registerVerifyRoutes } from './verify.routes.js';

export type { AuthRouteDependencies, OrganizationMembership, TwoFactorSummary } from './route-kit.js';
export { sessionResponse } from './sign-in.routes.js';

/**
 * Every route of the auth module, grouped by use case. The order is the order the routes had
 * when they were one function (Express matches in registration order; keep it).
 */
export function registerAuthRoutes(api: ApiRouter, root: ApiRouter, deps: AuthRouteDependencies): void {
  const kit: AuthRouteKit = {
    api,
    root,
    deps,
    limits: createAuthRateLimits({ connection: deps.connection, config: deps.config }),
    tags: ['Authentication'],
  };
  registerRegistrationRoutes(kit);
  registerSignInRoutes(kit);
  registerSessionRoutes(kit);
  registerProfileRoutes(kit);
  registerEmailChangeRoutes(kit);
  registerPasswordRoutes(kit);
  registerGoogleRoutes(kit);
  registerVerifyRoutes(kit);
}
