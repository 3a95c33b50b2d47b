export * from './exports';
export {
  OidcClient,
  type IdTokenClaims,
  type OidcClientOptions,
  type OidcSession,
  type RedirectResult,
  type SignInOptions,
  type SignOutOptions,
} from './oidc';
