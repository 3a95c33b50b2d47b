export { MfaErrors } from './mfa.errors.js';
export { registerMfaRoutes, type MfaRouteDependencies } from './mfa.routes.js';
export { MfaRequiredSchema } from './mfa.schemas.js';
export { createMfaService, type MfaChallenge, type MfaService } from './mfa.service.js';
