export { apiTokenAuthenticator } from './tokens.authenticator.js';
export { TokenErrors } from './tokens.errors.js';
export { apiTokenModel, type ApiTokenDocument } from './tokens.model.js';
export { registerTokenRoutes } from './tokens.routes.js';
export { ApiTokenSchema, TokenScopeSchema } from './tokens.schemas.js';
export {
  createTokensService,
  LAST_USED_THROTTLE_MS,
  TOKEN_PREFIX,
  type ApplicationAccess,
  type TokensService,
  type TokenView,
} from './tokens.service.js';
