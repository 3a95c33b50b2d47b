import type Provider from 'oidc-provider';
import { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { UserDocument } from '../../core/account.js';
import type { OidcClientSource } from '../../core/oidc-clients.js';
import type { PoolSettings } from '../../core/pools.js';
import type { OidcStorage } from './oidc.adapter.js';
import { EXTRA_CLIENT_METADATA, memoizedClientMetadata } from './oidc.clients.js';
import type { PrivateJwk } from './oidc.keys.js';
import { renderErrorPage, renderLoggedOutPage, renderLogoutPage, type PageContext } from './oidc.pages.js';

/**
 * One pool's oidc-provider configuration (issue #32, docs/oidc.md). The callbacks read the pool's
 * settings (lifetimes, branding) through `pool.settings`, which the provider cache refreshes.
 */

/** The `acr` values: one factor, or two (the sign-in's second step was completed). */
export const ACR_1FA = 'urn:iam-platform:acr:1fa';
export const ACR_2FA = 'urn:iam-platform:acr:2fa';

export const OIDC_SCOPES = ['openid', 'offline_access', 'profile', 'email', 'roles'] as const;

/** An end user's application roles and the permissions they grant (app-roles; names, sorted). */
export interface RoleClaims {
  roles: string[];
  permissions: string[];
}

/** A project id (the pool), an application id (client) or a user id (account). */
export const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The oidc-provider client fields read here (extra metadata keeps its snake_case names). */
export interface IntrospectingClient {
  clientId: string;
  clientAuthMethod: string;
}
type OidcClient = IntrospectingClient;

/**
 * `features.introspection.allowedPolicy` (also the introspection fast path's, oidc.introspection.ts):
 * a confidential client (e.g. an API checking tokens) may introspect every token of the pool; a
 * public client only its own.
 */
export function introspectionAllowed(client: IntrospectingClient, token: { clientId?: string }): boolean {
  return client.clientAuthMethod !== 'none' || token.clientId === client.clientId;
}

type TokenWithServer = { resourceServer?: { accessTokenTTL?: number } };

export interface ConfigurationInput {
  pool: { poolId: string; issuer: string; settings: PoolSettings };
  keys: PrivateJwk[];
  cookieKeys: string[];
  storage: OidcStorage;
  clients: OidcClientSource;
  findUser(userId: string): Promise<UserDocument | null>;
  /** The `roles` scope's claims (docs/roles.md): the account's roles in this pool's project. */
  roleClaims(poolId: string, user: UserDocument | string): Promise<RoleClaims>;
  /** The provider being configured (loadExistingGrant needs its Grant model). */
  provider: () => Provider;
}

export function providerConfiguration(input: ConfigurationInput): Configuration {
  const { pool } = input;
  const issuerPath = new URL(pool.issuer).pathname;
  const pages: PageContext = { branding: () => pool.settings.branding };
  return {
    adapter: input.storage.adapterFor(pool.poolId, (clientId) => clientMetadata(input, clientId)),
    clients: [],
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => findAccount(input, sub),
    extraTokenClaims: (_ctx: KoaContextWithOIDC, token: RoleBearingToken) => accessTokenRoles(input, token),
    jwks: { keys: input.keys },
    cookies: {
      keys: input.cookieKeys,
      // Per pool, and only sent to this issuer's paths: two pools' sessions never meet.
      names: {
        session: `_oidc_${pool.poolId}`,
        interaction: `_oidc_${pool.poolId}_interaction`,
        resume: `_oidc_${pool.poolId}_resume`,
      },
      long: { httpOnly: true, sameSite: 'lax', path: issuerPath },
      short: { httpOnly: true, sameSite: 'lax', path: issuerPath },
    },
    claims: {
      // The sign-in's own claims go with `openid`: every ID token carries acr, amr, auth_time.
      // roles/permissions are listed here too so that ID tokens carry them (conformIdTokenClaims
      // keeps other scopes' claims for userinfo); claims() answers them only for the `roles` scope.
      openid: ['sub', 'acr', 'amr', 'auth_time', 'roles', 'permissions'],
      email: ['email', 'email_verified'],
      profile: ['name', 'locale'],
      roles: ['roles', 'permissions'],
      sid: null,
      iss: null,
    },
    scopes: [...OIDC_SCOPES],
    acrValues: [ACR_1FA, ACR_2FA],
    // The ID token carries the granted scopes' claims (email, email_verified, name, locale) as
    // Auth0 and Keycloak do: relying parties that read only the ID token (Auth.js) get them.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    allowOmittingSingleRegisteredRedirectUri: false,
    // OAuth 2.1: every client, public or confidential, uses PKCE (oidc-provider 9 knows only S256).
    pkce: { required: () => true },
    rotateRefreshToken: true,
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
    extraClientMetadata: { properties: [...EXTRA_CLIENT_METADATA] },
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256', 'ES256'],
      userinfoSigningAlgValues: ['RS256', 'ES256'],
      introspectionSigningAlgValues: ['RS256', 'ES256'],
      authorizationSigningAlgValues: ['RS256', 'ES256'],
    },
    features: features(input, pages),
    ttl: lifetimes(pool),
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string, client: Record<string, unknown>) =>
      ((client.cors_origins as string[] | undefined) ?? []).includes(origin),
    interactions: {
      url: async (_ctx: KoaContextWithOIDC, interaction: { uid: string }) =>
        `${issuerPath}/interaction/${interaction.uid}`,
      policy: interactionPolicyOf(),
    },
    fetch: outgoingFetch(pool.issuer),
    loadExistingGrant: (ctx: KoaContextWithOIDC) => loadExistingGrant(input.provider(), ctx),
    renderError: async (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) =>
      renderErrorPage(pages, ctx, out),
  };
}

/**
 * Whether an authorization request asks for two factors: `acr_values` names the 2fa value and not
 * the 1fa one (either would do then), or the `claims` parameter asks for an essential 2fa `acr`.
 */
export function asksForSecondFactor(params: { acr_values?: unknown; claims?: unknown }): boolean {
  const requested = String(params.acr_values ?? '')
    .split(' ')
    .filter(Boolean);
  if (requested.includes(ACR_2FA) && !requested.includes(ACR_1FA)) return true;
  let acr: { essential?: boolean; value?: unknown; values?: unknown } | undefined;
  try {
    const claims = typeof params.claims === 'string' ? JSON.parse(params.claims) : params.claims;
    acr = (claims as { id_token?: { acr?: typeof acr } } | undefined)?.id_token?.acr;
  } catch {
    return false;
  }
  if (!acr?.essential) return false;
  const values = Array.isArray(acr.values) ? acr.values : [acr.value];
  return values.includes(ACR_2FA) && !values.includes(ACR_1FA);
}

/**
 * oidc-provider's policy plus step-up: a provider session signed in with one factor does not
 * satisfy a request for two (`acr_values`), so the person is sent to sign in again (with
 * `prompt=none`: login_required). The library checks only the `claims` parameter's essential acr.
 */
function interactionPolicyOf() {
  const { base, Check } = interactionPolicy;
  const policy = base();
  policy.get('login')!.checks.add(
    new Check('acr_second_factor', 'a sign-in with a second factor is required', 'login_required', (ctx) => {
      const { oidc } = ctx;
      if (!oidc.session?.accountId || oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
      if (!asksForSecondFactor(oidc.params ?? {})) return Check.NO_NEED_TO_PROMPT;
      return oidc.acr === ACR_2FA ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The provider's outgoing requests (back-channel logout, a client's jwks_uri). oidc-provider refuses
 * connections to special-use addresses (loopback, private networks, link-local): SSRF protection,
 * kept. Only an issuer published on loopback itself (a development or test server) may reach
 * relying parties on loopback, which is where they run there.
 */
export function outgoingFetch(issuer: string) {
  const local = LOOPBACK_HOSTS.has(new URL(issuer).hostname);
  return (url: string | URL, options: RequestInit & { dispatcher?: unknown }) => {
    if (local && LOOPBACK_HOSTS.has(new URL(url).hostname)) {
      const { dispatcher: _ssrfGuard, ...direct } = options;
      return globalThis.fetch(url, direct);
    }
    return globalThis.fetch(url, options);
  };
}

async function clientMetadata(input: ConfigurationInput, clientId: string) {
  if (!OBJECT_ID.test(clientId)) return undefined;
  const record = await input.clients.oidcClientOf(clientId);
  // A client of another project is unknown here.
  if (!record || record.project_id !== input.pool.poolId) return undefined;
  return memoizedClientMetadata(record);
}

async function findAccount(input: ConfigurationInput, sub: string) {
  if (!OBJECT_ID.test(sub)) return undefined;
  const user = await input.findUser(sub);
  // Accounts of this pool only; a blocked account has no claims to give.
  if (!user || user.pool_id !== input.pool.poolId || user.blocked_at) return undefined;
  return {
    accountId: sub,
    async claims(_use: string, scope: string) {
      return {
        sub,
        email: user.email,
        email_verified: user.is_verified,
        name: user.display_name || undefined,
        locale: input.pool.settings.branding.locale,
        ...(hasScope(scope, 'roles') ? await input.roleClaims(input.pool.poolId, user) : {}),
      };
    },
  };
}

const hasScope = (scope: string | undefined, wanted: string) => (scope ?? '').split(' ').includes(wanted);

/** The oidc-provider access token fields extraTokenClaims reads. */
interface RoleBearingToken {
  accountId?: string;
  scope?: string;
  resourceServer?: unknown;
}

/**
 * An end user's access token carries `roles` and `permissions` when it is a JWT for one of the
 * project's APIs (what the API authorizes with) or was granted the `roles` scope (introspection
 * shows them). As of the token's issue: a change shows from the next token (refresh).
 */
async function accessTokenRoles(input: ConfigurationInput, token: RoleBearingToken) {
  if (!token.accountId || !OBJECT_ID.test(token.accountId)) return undefined;
  if (!token.resourceServer && !hasScope(token.scope, 'roles')) return undefined;
  return { ...(await input.roleClaims(input.pool.poolId, token.accountId)) };
}

function features(input: ConfigurationInput, pages: PageContext) {
  return {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    // Revoking is for the token's own client only.
    introspection: {
      enabled: true,
      allowedPolicy: async (_ctx: KoaContextWithOIDC, client: OidcClient, token: { clientId?: string }) =>
        introspectionAllowed(client, token),
    },
    revocation: {
      enabled: true,
      allowedPolicy: async (_ctx: KoaContextWithOIDC, client: OidcClient, token: { clientId?: string }) => {
        if (token.clientId === client.clientId) return true;
        if (client.clientAuthMethod === 'none') return false;
        throw new errors.InvalidRequest!('client is not authorized to revoke the presented token');
      },
    },
    userinfo: { enabled: true },
    claimsParameter: { enabled: true },
    backchannelLogout: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      // CSP form-action for the way back to the post-logout URI: allowPostLogoutRedirect (pages).
      logoutSource: async (ctx: KoaContextWithOIDC, form: string) => renderLogoutPage(pages, ctx, form),
      postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => renderLoggedOutPage(pages, ctx),
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: async (_ctx: KoaContextWithOIDC, _client: unknown, oneOf?: string[]) => oneOf,
      useGrantedResource: async () => false,
      getResourceServerInfo: (ctx: KoaContextWithOIDC, indicator: string) =>
        resourceServerInfo(input, ctx, indicator),
    },
  };
}

/** An API of the project (an application with `api_identifier`): JWT access tokens with that audience. */
async function resourceServerInfo(input: ConfigurationInput, ctx: KoaContextWithOIDC, indicator: string) {
  const server = await input.clients.oidcResourceServer(input.pool.poolId, indicator);
  if (!server) throw new errors.InvalidTarget!('resource indicator is not an API of this project');
  // Client credentials: a scope the API does not define is refused, not silently dropped.
  const params = (ctx?.oidc?.params ?? {}) as { grant_type?: string; scope?: string };
  if (params.grant_type === 'client_credentials') {
    const standard = new Set<string>(OIDC_SCOPES);
    const unknown = (params.scope ?? '')
      .split(' ')
      .filter((scope) => scope && !standard.has(scope) && !server.scopes.includes(scope));
    if (unknown.length > 0)
      throw new errors.InvalidScope!(
        `the API ${indicator} has no scope ${unknown.join(', ')}`,
        unknown.join(' '),
      );
  }
  return {
    scope: server.scopes.join(' '),
    audience: server.identifier,
    accessTokenTTL: server.access_token_ttl_s ?? input.pool.settings.session_lifetime_seconds,
    accessTokenFormat: 'jwt',
    // ES256: about 25 times cheaper to sign than RS256 (RFC 9068 allows any asymmetric algorithm;
    // the JWKS publishes both). ID tokens stay RS256 by default.
    jwt: { sign: { alg: 'ES256' } },
  };
}

/** Per client (access_token_ttl_s, refresh_token_ttl_s), else the pool's session lifetimes. */
function lifetimes(pool: ConfigurationInput['pool']) {
  const sessionTtl = () => pool.settings.refresh_lifetime_seconds;
  const accessTtl = (client: Record<string, unknown> | undefined) =>
    (client?.access_token_ttl_s as number | null | undefined) ?? pool.settings.session_lifetime_seconds;
  return {
    AccessToken: (_ctx: KoaContextWithOIDC, token: TokenWithServer, client: Record<string, unknown>) =>
      token.resourceServer?.accessTokenTTL ?? accessTtl(client),
    ClientCredentials: (_ctx: KoaContextWithOIDC, token: TokenWithServer, client: Record<string, unknown>) =>
      token.resourceServer?.accessTokenTTL ?? accessTtl(client),
    AuthorizationCode: 60,
    IdToken: 3600,
    Interaction: 3600,
    Session: () => sessionTtl(),
    Grant: () => sessionTtl(),
    RefreshToken: (ctx: KoaContextWithOIDC, _token: unknown, client: Record<string, unknown>) => {
      // Rotation keeps the family's absolute lifetime: a rotated token lives as long as the rest
      // of its predecessor's.
      const rotated = ctx?.oidc?.entities?.RotatedRefreshToken as { remainingTTL: number } | undefined;
      if (rotated) return rotated.remainingTTL;
      return (client?.refresh_token_ttl_s as number | null | undefined) ?? sessionTtl();
    },
  };
}

/** First-party clients get what they ask for without a consent screen; others keep their grant. */
async function loadExistingGrant(provider: Provider, ctx: KoaContextWithOIDC) {
  const client = ctx.oidc.client;
  const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (client.first_party === false) return existing;
  const grant =
    existing ?? new provider.Grant({ accountId: ctx.oidc.session.accountId, clientId: client.clientId });
  grantRequested(grant, ctx.oidc);
  await grant.save();
  return grant;
}

/** Adds what the authorization request asks for (scopes, claims, API scopes) to the grant. */
export function grantRequested(
  grant: {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
  },
  oidc: {
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
    requestParamScopes: Set<string>;
    resourceServers?: Record<string, { scope?: string }>;
  },
): void {
  const scopes = [...oidc.requestParamOIDCScopes];
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const claims = [...oidc.requestParamClaims];
  if (claims.length > 0) grant.addOIDCClaims(claims);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    const offered = new Set((server.scope ?? '').split(' ').filter(Boolean));
    const requested = [...oidc.requestParamScopes].filter((scope) => offered.has(scope));
    if (requested.length > 0) grant.addResourceScope(indicator, requested.join(' '));
  }
}
