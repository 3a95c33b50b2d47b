import { ApiError } from '../../../api/client';
import type { MessageKey } from '../../../i18n/messages';
import { durationOf, secondsOf, type Duration } from '../../ProjectDetail/PoolSettings/settingsForm';
import type { AuthMethod, ClientType, GrantType, OidcPatch, OidcSettings } from './queries';

/**
 * What each client type may do (issue #32): public clients (single-page and native apps) have
 * no secret and sign in users with the code flow and PKCE; a web server app is confidential; a
 * machine-to-machine client signs in itself with client credentials and has no redirects.
 */
export const TYPE_RULES: Record<
  ClientType,
  { grants: GrantType[]; defaultGrants: GrantType[]; authMethods: AuthMethod[]; redirects: boolean }
> = {
  spa: {
    grants: ['authorization_code', 'refresh_token'],
    defaultGrants: ['authorization_code', 'refresh_token'],
    authMethods: ['none'],
    redirects: true,
  },
  web: {
    grants: ['authorization_code', 'refresh_token', 'client_credentials'],
    defaultGrants: ['authorization_code', 'refresh_token'],
    authMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    redirects: true,
  },
  native: {
    grants: ['authorization_code', 'refresh_token'],
    defaultGrants: ['authorization_code', 'refresh_token'],
    authMethods: ['none'],
    redirects: true,
  },
  m2m: {
    grants: ['client_credentials'],
    defaultGrants: ['client_credentials'],
    authMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    redirects: false,
  },
};

/** Whether the type has a client secret (and so a choice of how to present it). */
export const isConfidential = (type: ClientType | null): type is 'web' | 'm2m' =>
  type === 'web' || type === 'm2m';

/** The tab's form: every field as the person edits it. */
export interface OidcFormValues {
  clientType: ClientType | null;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: GrantType[];
  firstParty: boolean;
  authMethod: AuthMethod;
  jwksUri: string;
  backchannelLogoutUri: string;
  /** An empty amount: the provider's default. */
  accessTokenTtl: Duration;
  refreshTokenTtl: Duration;
  apiIdentifier: string;
  apiScopes: string[];
}

const ttlOf = (seconds: number | null, unit: Duration['unit']): Duration =>
  seconds === null ? { amount: '', unit } : durationOf(seconds);

export function formValuesOf(oidc: OidcSettings): OidcFormValues {
  return {
    clientType: oidc.client_type,
    redirectUris: oidc.redirect_uris,
    postLogoutRedirectUris: oidc.post_logout_redirect_uris,
    grantTypes: oidc.grant_types,
    firstParty: oidc.first_party,
    authMethod: oidc.token_endpoint_auth_method,
    jwksUri: oidc.jwks_uri ?? '',
    backchannelLogoutUri: oidc.backchannel_logout_uri ?? '',
    accessTokenTtl: ttlOf(oidc.access_token_ttl_s, 'minutes'),
    refreshTokenTtl: ttlOf(oidc.refresh_token_ttl_s, 'days'),
    apiIdentifier: oidc.api_identifier ?? '',
    apiScopes: oidc.api_scopes,
  };
}

/**
 * The form after choosing a type: grant types and the authentication method the new type does
 * not allow give way to its defaults; what still fits stays.
 */
export function withClientType(values: OidcFormValues, clientType: ClientType): OidcFormValues {
  const rules = TYPE_RULES[clientType];
  const grants = values.grantTypes.filter((grant) => rules.grants.includes(grant));
  const kept = values.clientType !== null && grants.length > 0;
  return {
    ...values,
    clientType,
    grantTypes: kept ? grants : rules.defaultGrants,
    authMethod: rules.authMethods.includes(values.authMethod) ? values.authMethod : rules.authMethods[0]!,
  };
}

const ttlSeconds = (duration: Duration): number | null =>
  duration.amount.trim() === '' ? null : secondsOf(duration);

/**
 * The `oidc` of the PATCH: the whole client as the chosen type has it, so the server checks one
 * consistent set (a type's hidden fields are sent empty: no redirects for machine-to-machine, no
 * JWKS URI unless keys sign in).
 */
export function oidcBodyOf(values: OidcFormValues): OidcPatch {
  const type = values.clientType;
  const redirects = type !== null && TYPE_RULES[type].redirects;
  const authMethod = type !== null && isConfidential(type) ? values.authMethod : 'none';
  return {
    client_type: type,
    redirect_uris: redirects ? values.redirectUris : [],
    post_logout_redirect_uris: redirects ? values.postLogoutRedirectUris : [],
    grant_types: values.grantTypes,
    first_party: values.firstParty,
    token_endpoint_auth_method: authMethod,
    jwks_uri: authMethod === 'private_key_jwt' ? values.jwksUri.trim() || null : null,
    backchannel_logout_uri: redirects ? values.backchannelLogoutUri.trim() || null : null,
    access_token_ttl_s: ttlSeconds(values.accessTokenTtl),
    refresh_token_ttl_s: ttlSeconds(values.refreshTokenTtl),
    api_identifier: values.apiIdentifier.trim() || null,
    api_scopes: values.apiScopes,
  };
}

/** The PATCH's `oidc`, or null when the form says what is saved already. */
export function changedOidcOf(values: OidcFormValues, saved: OidcSettings): OidcPatch | null {
  const body = oidcBodyOf(values);
  return JSON.stringify(body) === JSON.stringify(oidcBodyOf(formValuesOf(saved))) ? null : body;
}

/** Hosts of the developer's own machine, where http is allowed (for a native app not `localhost`). */
function isLoopback(url: URL, { withLocalhost }: { withLocalhost: boolean }): boolean {
  return (
    (withLocalhost && url.hostname === 'localhost') ||
    url.hostname === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(url.hostname)
  );
}

/** A native app's own scheme in reverse domain notation (RFC 8252 §7.1), so it contains a dot. */
function isPrivateUseScheme(url: URL): boolean {
  const scheme = url.protocol.slice(0, -1);
  return /^[a-z][a-z0-9+.-]*$/.test(scheme) && scheme.includes('.');
}

/** The parsed address, or what keeps it from being one: absolute, no spaces, user info or fragment. */
function parsedUri(value: string): URL | MessageKey {
  if (/\s/.test(value)) return 'oidc.invalid.spaces';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'oidc.invalid.url';
  }
  if (value.includes('#')) return 'oidc.invalid.fragment';
  if (url.username || url.password) return 'oidc.invalid.credentials';
  return url;
}

/**
 * What is wrong with an address, as the server checks it (applications.oidc.ts), or null:
 * - `redirect` (redirect and post-logout URIs of a browser client, the back-channel logout URI):
 *   https, http only on localhost, 127.0.0.1 or [::1];
 * - `native` (a native app's redirects): its own scheme with a dot (`com.example.app:/callback`),
 *   http only on 127.0.0.1 or [::1], or https naming its own domain;
 * - `jwks`: https only.
 */
export function uriProblem(
  value: string,
  kind: 'redirect' | 'native' | 'jwks' = 'redirect',
): MessageKey | null {
  const url = parsedUri(value.trim());
  if (typeof url === 'string') return url;
  if (kind === 'jwks') return url.protocol === 'https:' ? null : 'oidc.invalid.jwksHttps';
  if (kind === 'native') {
    if (url.protocol === 'http:')
      return isLoopback(url, { withLocalhost: false }) ? null : 'oidc.invalid.nativeScheme';
    if (url.protocol === 'https:')
      return isLoopback(url, { withLocalhost: true }) ? 'oidc.invalid.nativeHttps' : null;
    return isPrivateUseScheme(url) ? null : 'oidc.invalid.nativeScheme';
  }
  if (url.protocol === 'https:') return null;
  return url.protocol === 'http:' && isLoopback(url, { withLocalhost: true }) ? null : 'oidc.invalid.https';
}

/** A scope of the API: 1 to 64 lower-case letters, digits and `: . _ -`; not one of OpenID's own. */
const SCOPE = /^[a-z0-9][a-z0-9:._-]{0,63}$/;
const STANDARD_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access', 'roles']);

export function scopeProblem(value: string): MessageKey | null {
  if (STANDARD_SCOPES.has(value)) return 'oidc.invalid.scopeReserved';
  return SCOPE.test(value) ? null : 'oidc.invalid.scope';
}

/** The API identifier: empty (no API), an https URL or a URN (`urn:example:invoices`). */
export function identifierProblem(value: string): MessageKey | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const url = parsedUri(trimmed);
  if (typeof url === 'string') return 'oidc.invalid.identifier';
  if (url.protocol === 'urn:')
    return /^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i.test(trimmed) ? null : 'oidc.invalid.identifier';
  return url.protocol === 'https:' ? null : 'oidc.invalid.identifier';
}

/** Lifetimes the server takes (seconds; empty: the provider's default). */
export const TTL_RANGES = {
  access_token_ttl_s: { min: 60, max: 86_400, problem: 'oidc.invalid.accessTtl' },
  refresh_token_ttl_s: { min: 3_600, max: 31_536_000, problem: 'oidc.invalid.refreshTtl' },
} as const;

/** Checks the server makes as well, said before the round trip: field path → message key. */
export function localProblems(values: OidcFormValues): Record<string, MessageKey> {
  const problems: Record<string, MessageKey> = {};
  const type = values.clientType;
  if (type === null) {
    problems['client_type'] = 'oidc.invalid.clientType';
    return problems;
  }
  if (TYPE_RULES[type].redirects) {
    const kind = type === 'native' ? 'native' : 'redirect';
    for (const [field, list] of [
      ['redirect_uris', values.redirectUris],
      ['post_logout_redirect_uris', values.postLogoutRedirectUris],
    ] as const) {
      list.forEach((uri, index) => {
        const problem = uriProblem(uri, kind);
        if (problem) problems[`${field}.${index}`] = problem;
      });
    }
    if (values.grantTypes.includes('authorization_code') && values.redirectUris.length === 0)
      problems['redirect_uris'] = 'oidc.invalid.redirectRequired';
    const backchannel = values.backchannelLogoutUri.trim();
    const problem = backchannel ? uriProblem(backchannel) : null;
    if (problem) problems['backchannel_logout_uri'] = problem;
  }
  if (values.grantTypes.length === 0) problems['grant_types'] = 'oidc.invalid.grantRequired';
  else if (values.grantTypes.includes('refresh_token') && !values.grantTypes.includes('authorization_code'))
    problems['grant_types'] = 'oidc.invalid.refreshNeedsCode';
  if (isConfidential(type) && values.authMethod === 'private_key_jwt') {
    const jwks = values.jwksUri.trim();
    const problem = jwks ? uriProblem(jwks, 'jwks') : 'oidc.invalid.jwksRequired';
    if (problem) problems['jwks_uri'] = problem;
  }
  for (const [field, duration] of [
    ['access_token_ttl_s', values.accessTokenTtl],
    ['refresh_token_ttl_s', values.refreshTokenTtl],
  ] as const) {
    const seconds = ttlSeconds(duration);
    const range = TTL_RANGES[field];
    if (seconds !== null && !(seconds >= range.min && seconds <= range.max)) problems[field] = range.problem;
  }
  const identifier = identifierProblem(values.apiIdentifier);
  if (identifier) problems['api_identifier'] = identifier;
  values.apiScopes.forEach((scope, index) => {
    const problem = scopeProblem(scope);
    if (problem) problems[`api_scopes.${index}`] = problem;
  });
  return problems;
}

/**
 * The server's objections to a save, by field of the client (`redirect_uris.2`, `jwks_uri`, …):
 * the `details` of a 400, without the `body.` and `oidc.` prefixes.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    const path = detail.path.replace(/^body\.?/, '').replace(/^oidc\.?/, '');
    if (path) errors[path] ??= detail.message;
  }
  return errors;
}
