export { MfaErrors } from './mfa.errors.js';
export { registerMfaRoutes, type MfaRouteDependencies } from './mfa.routes.js';
export { MfaChallengeBodySchema } from './mfa.schemas.js';
export {
  createMfaService,
  type MfaChallenge,
  type MfaChallengeScope,
  type MfaService,
} from './mfa.service.js';
