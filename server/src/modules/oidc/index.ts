export { OidcErrors } from './oidc.errors.js';
export {
  createOidcService,
  type OidcDependencies,
  type OidcService,
  type OidcSources,
} from './oidc.service.js';
export { registerOidcInteractionRoutes, type OidcInteractionDependencies } from './oidc.interactions.js';
export { ACR_1FA, ACR_2FA, OIDC_SCOPES } from './oidc.configuration.js';
export type { OidcPool, OidcProviders } from './oidc.provider.js';
export { collectionNameOf } from './oidc.adapter.js';
export { RETIRED_KEY_PUBLISHED_S, type OidcKeys, type OidcKeySet } from './oidc.keys.js';
