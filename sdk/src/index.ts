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
export {
  createGraphql,
  GraphqlError,
  type Graphql,
  type GraphqlErrorItem,
  type GraphqlOptions,
} from './graphql';
