// The declarations of oidc-provider (it ships none) travel with the module, so a program that reaches it
// only through this index (the dashboard's error-catalog test) type-checks it too; an ambient module
// declaration can only be pulled in by a reference, not an import.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
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
