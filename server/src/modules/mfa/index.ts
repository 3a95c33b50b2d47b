export { MfaErrors } from './mfa.errors.js';
export { registerMfaRoutes, type MfaRouteDependencies } from './mfa.routes.js';
export { MfaChallengeBodySchema } from './mfa.schemas.js';
export { AuthenticationOptionsSchema, MfaTokenBodySchema } from './passkeys.schemas.js';
export { registerPasskeyRoutes, type PasskeyRouteDependencies } from './passkeys.routes.js';
export { createPasskeyService, type PasskeyService } from './passkeys.service.js';
export {
  createMfaService,
  type MfaChallenge,
  type MfaChallengeScope,
  type MfaService,
} from './mfa.service.js';
