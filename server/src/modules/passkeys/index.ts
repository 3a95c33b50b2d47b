export { PasskeyErrors } from './passkeys.errors.js';
export {
  AuthenticationOptionsSchema,
  AuthenticationResponseSchema,
  MfaTokenBodySchema,
} from './passkeys.schemas.js';
export { registerPasskeyRoutes, type PasskeyRouteDependencies } from './passkeys.routes.js';
export { createPasskeyService, type PasskeyDependencies, type PasskeyService } from './passkeys.service.js';
