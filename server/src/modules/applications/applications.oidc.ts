import { createHash, randomBytes } from 'node:crypto';
import {
  OIDC_STANDARD_SCOPES,
  type OidcAuthMethod,
  type OidcClientSecret,
  type OidcClientType,
  type OidcGrantType,
} from '../../core/oidc-clients.js';
import type { ErrorDetail } from '../../lib/errors.js';
import type { ApplicationDocument, StoredOidcSettings } from './applications.model.js';

/**
 * The rules of an application's OpenID Connect settings (issue #32, docs/oidc.md "Client types"):
 * what each client type may use, checked over the settings as they are after a change.
 */

/** The settings of an application that never changed them: no client, no API. */
export const OIDC_DEFAULTS: Readonly<StoredOidcSettings> = Object.freeze({
  client_type: null,
  redirect_uris: [],
  post_logout_redirect_uris: [],
  grant_types: [],
  first_party: true,
  token_endpoint_auth_method: 'none',
  jwks_uri: null,
  backchannel_logout_uri: null,
  access_token_ttl_s: null,
  refresh_token_ttl_s: null,
  api_identifier: null,
  api_scopes: [],
  secrets: [],
  revision: 0,
});

/** The stored settings with the defaults for what a document lacks (older documents have no `oidc`). */
export function oidcSettingsOf(application: Pick<ApplicationDocument, 'oidc'>): StoredOidcSettings {
  return { ...OIDC_DEFAULTS, ...(application.oidc ?? {}) } as StoredOidcSettings;
}

/** The fields a PATCH may send in `oidc` (everything stored but the secrets). */
export interface OidcChanges {
  client_type?: OidcClientType | null;
  redirect_uris?: string[];
  post_logout_redirect_uris?: string[];
  grant_types?: OidcGrantType[];
  first_party?: boolean;
  token_endpoint_auth_method?: OidcAuthMethod;
  jwks_uri?: string | null;
  backchannel_logout_uri?: string | null;
  access_token_ttl_s?: number | null;
  refresh_token_ttl_s?: number | null;
  api_identifier?: string | null;
  api_scopes?: string[];
}

/** Lifetimes a client may set (null: the provider's default). */
export const ACCESS_TOKEN_TTL_RANGE = { min: 60, max: 86_400 } as const;
export const REFRESH_TOKEN_TTL_RANGE = { min: 3_600, max: 31_536_000 } as const;
export const MAX_REDIRECT_URIS = 20;
export const MAX_URI_LENGTH = 500;
export const MAX_API_IDENTIFIER_LENGTH = 200;
export const MAX_API_SCOPES = 50;
export const API_SCOPE_PATTERN = /^[a-z0-9][a-z0-9:._-]{0,63}$/;
export const RESERVED_SCOPES: readonly string[] = OIDC_STANDARD_SCOPES;

/** What each client type may use, and what it gets when an application switches to it. */
const CLIENT_TYPES: Record<
  OidcClientType,
  {
    label: string;
    grants: readonly OidcGrantType[];
    defaultGrants: OidcGrantType[];
    methods: readonly OidcAuthMethod[];
    defaultMethod: OidcAuthMethod;
  }
> = {
  spa: {
    label: 'a single-page app (spa)',
    grants: ['authorization_code', 'refresh_token'],
    defaultGrants: ['authorization_code', 'refresh_token'],
    methods: ['none'],
    defaultMethod: 'none',
  },
  native: {
    label: 'a native app (native)',
    grants: ['authorization_code', 'refresh_token'],
    defaultGrants: ['authorization_code', 'refresh_token'],
    methods: ['none'],
    defaultMethod: 'none',
  },
  web: {
    label: 'a web server app (web)',
    grants: ['authorization_code', 'refresh_token', 'client_credentials'],
    defaultGrants: ['authorization_code', 'refresh_token'],
    methods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    defaultMethod: 'client_secret_basic',
  },
  m2m: {
    label: 'a machine-to-machine client (m2m)',
    grants: ['client_credentials'],
    defaultGrants: ['client_credentials'],
    methods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    defaultMethod: 'client_secret_basic',
  },
};

/** Client types that authenticate at the token endpoint, and so have client secrets. */
export const CONFIDENTIAL_TYPES: readonly OidcClientType[] = ['web', 'm2m'];

/** Hosts a browser on the developer's own machine reaches: `http` is allowed there. */
function isLoopbackHost(hostname: string, withLocalhost: boolean): boolean {
  if (withLocalhost && hostname === 'localhost') return true;
  return hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** A private-use scheme (RFC 8252 §7.1) in reverse domain name notation, so it contains a dot. */
function isPrivateUseScheme(protocol: string): boolean {
  const scheme = protocol.slice(0, -1);
  return /^[a-z][a-z0-9+.-]*$/.test(scheme) && scheme.includes('.');
}

/** The parsed URL when `value` is absolute and has no user info nor fragment, else the problem. */
function parseUri(value: string, example: string): URL | string {
  if (value.length > MAX_URI_LENGTH)
    return `is longer than ${MAX_URI_LENGTH} characters; use a shorter address, e.g. ${example}.`;
  if (value !== value.trim() || /\s/.test(value))
    return `"${value}" contains spaces; write the address without them, e.g. ${example}.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an absolute URI; write it with its scheme, e.g. ${example}.`;
  }
  if (value.includes('#'))
    return `"${value}" has a fragment (#…), which redirect and logout addresses must not have, e.g. ${example}.`;
  if (url.username || url.password)
    return `"${value}" contains a user name or password; leave them out, e.g. ${example}.`;
  return url;
}

/**
 * The problem with `value` as a redirect (or post-logout redirect) URI of a client of `type`, or
 * null. They are compared exactly, so they are stored as written.
 */
export function redirectUriProblem(value: string, type: OidcClientType | null): string | null {
  const example =
    type === 'native'
      ? 'com.example.app:/callback or http://127.0.0.1/callback'
      : 'https://app.example.com/callback';
  const url = parseUri(value, example);
  if (typeof url === 'string') return url;
  const { protocol, hostname } = url;
  if (type === 'native') {
    if (protocol === 'http:')
      return isLoopbackHost(hostname, false)
        ? null
        : `"${value}": a native app may use http only on the loopback address 127.0.0.1 or [::1] (RFC 8252), e.g. http://127.0.0.1/callback.`;
    if (protocol === 'https:')
      return isLoopbackHost(hostname, true)
        ? `"${value}": a claimed https address of a native app must name your own domain, not a loopback host, e.g. https://app.example.com/callback.`
        : null;
    if (isPrivateUseScheme(protocol)) return null;
    return `"${value}": a native app's redirect must use a private-use scheme in reverse domain notation (containing a dot), http on 127.0.0.1 or [::1], or https, e.g. com.example.app:/callback.`;
  }
  if (protocol === 'https:') return null;
  if (protocol === 'http:' && isLoopbackHost(hostname, true)) return null;
  if (type === null) {
    // Kept while the application is no client: whatever some type accepts (checked again on a switch).
    if (isPrivateUseScheme(protocol)) return null;
    return `"${value}" must use https (http only on localhost, 127.0.0.1 or [::1]) or, for a native app, a private-use scheme such as com.example.app:/callback, e.g. ${example}.`;
  }
  return `"${value}": ${CLIENT_TYPES[type].label} must use https (http only on localhost, 127.0.0.1 or [::1]), e.g. ${example}.`;
}

/** The problem with an https endpoint of the client's own (back-channel logout, JWKS), or null. */
function endpointProblem(value: string, example: string): string | null {
  const url = parseUri(value, example);
  if (typeof url === 'string') return url;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname, true)) return null;
  return `"${value}" must use https (http only on localhost, 127.0.0.1 or [::1]), e.g. ${example}.`;
}

/** The problem with an API identifier (an absolute https URL or a urn:), or null. */
export function apiIdentifierProblem(value: string): string | null {
  const example = 'https://api.example.com or urn:example:invoices';
  if (value.length > MAX_API_IDENTIFIER_LENGTH)
    return `is longer than ${MAX_API_IDENTIFIER_LENGTH} characters; use a shorter identifier, e.g. ${example}.`;
  if (/\s/.test(value)) return `"${value}" contains spaces; use an absolute URI, e.g. ${example}.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an absolute URI; use an https URL or a urn:, e.g. ${example}.`;
  }
  if (url.protocol === 'urn:')
    return /^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i.test(value)
      ? null
      : `"${value}" is not a valid URN; write urn:<namespace>:<name>, e.g. urn:example:invoices.`;
  if (url.protocol !== 'https:') return `"${value}" must be an https URL or a urn:, e.g. ${example}.`;
  if (url.username || url.password || value.includes('#'))
    return `"${value}" must have no user name, password or fragment, e.g. ${example}.`;
  return null;
}

/** The problem with an API scope, or null. */
export function apiScopeProblem(value: string): string | null {
  if (RESERVED_SCOPES.includes(value))
    return `"${value}" is a scope of OpenID Connect itself; name your API's scopes after what they allow, e.g. invoice:read.`;
  if (!API_SCOPE_PATTERN.test(value))
    return `"${value}" is not a scope name: 1 to 64 lower-case letters, digits and : . _ - (starting with a letter or digit), e.g. invoice:read.`;
  return null;
}

/** The settings after a change, before it is written, or the problems that refuse it. */
export interface OidcPlan {
  next: StoredOidcSettings;
  problems: ErrorDetail[];
}

const path = (field: string, index?: number) =>
  index === undefined ? `body.oidc.${field}` : `body.oidc.${field}.${index}`;

/**
 * Merges `changes` into `current` and checks the result as a whole. Switching the client type
 * gives the fields the body leaves out that type's defaults (grant types, authentication method,
 * no redirect addresses for m2m); a public type (spa, native, none) drops stored client secrets.
 */
export function planOidcChange(current: StoredOidcSettings, changes: OidcChanges): OidcPlan {
  const next: StoredOidcSettings = { ...current, secrets: [...current.secrets] };
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  }
  const type = next.client_type;
  const switched = changes.client_type !== undefined && changes.client_type !== current.client_type;
  if (switched && type) {
    const rules = CLIENT_TYPES[type];
    if (changes.grant_types === undefined) next.grant_types = [...rules.defaultGrants];
    if (changes.token_endpoint_auth_method === undefined)
      next.token_endpoint_auth_method = rules.defaultMethod;
    if (type === 'm2m') {
      if (changes.redirect_uris === undefined) next.redirect_uris = [];
      if (changes.post_logout_redirect_uris === undefined) next.post_logout_redirect_uris = [];
      if (changes.backchannel_logout_uri === undefined) next.backchannel_logout_uri = null;
    }
  }
  if (switched && !CONFIDENTIAL_TYPES.includes(type as OidcClientType)) {
    // A public client has no secret; one kept would come back to life with a later switch.
    next.secrets = [];
  }
  // The key set of private_key_jwt goes with that method unless the body sets it.
  if (next.token_endpoint_auth_method !== 'private_key_jwt' && changes.jwks_uri === undefined)
    next.jwks_uri = null;
  next.redirect_uris = [...new Set(next.redirect_uris)];
  next.post_logout_redirect_uris = [...new Set(next.post_logout_redirect_uris)];
  next.grant_types = [...new Set(next.grant_types)];
  next.api_scopes = [...new Set(next.api_scopes)];

  return { next, problems: problemsOf(next) };
}

/** Every problem of the settings as they would be stored. */
function problemsOf(next: StoredOidcSettings): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const add = (at: string, message: string) => problems.push({ path: at, message });
  const type = next.client_type;

  for (const field of ['redirect_uris', 'post_logout_redirect_uris'] as const) {
    const uris = next[field];
    if (uris.length > MAX_REDIRECT_URIS)
      add(path(field), `At most ${MAX_REDIRECT_URIS} addresses; remove ${uris.length - MAX_REDIRECT_URIS}.`);
    uris.forEach((uri, index) => {
      const problem = redirectUriProblem(uri, type);
      if (problem) add(path(field, index), problem);
    });
  }
  if (next.backchannel_logout_uri !== null) {
    const problem = endpointProblem(
      next.backchannel_logout_uri,
      'https://app.example.com/backchannel-logout',
    );
    if (problem) add(path('backchannel_logout_uri'), problem);
  }
  if (next.api_identifier !== null) {
    const problem = apiIdentifierProblem(next.api_identifier);
    if (problem) add(path('api_identifier'), problem);
  }

  if (type) {
    const rules = CLIENT_TYPES[type];
    const wrongGrants = next.grant_types.filter((grant) => !rules.grants.includes(grant));
    if (wrongGrants.length > 0)
      add(
        path('grant_types'),
        `${wrongGrants.join(', ')} is not for ${rules.label}; it may use ${rules.grants.join(', ')}, e.g. ${JSON.stringify(rules.defaultGrants)}.`,
      );
    else if (next.grant_types.length === 0)
      add(
        path('grant_types'),
        `Choose at least one grant type for ${rules.label}, e.g. ${JSON.stringify(rules.defaultGrants)}.`,
      );
    else if (next.grant_types.includes('refresh_token') && !next.grant_types.includes('authorization_code'))
      add(
        path('grant_types'),
        'refresh_token needs authorization_code (refresh tokens come with a sign-in), e.g. ["authorization_code", "refresh_token"].',
      );
    if (!rules.methods.includes(next.token_endpoint_auth_method))
      add(
        path('token_endpoint_auth_method'),
        type === 'spa' || type === 'native'
          ? `${rules.label} cannot keep a secret, so it authenticates with none (PKCE proves it instead): send "none".`
          : `${rules.label} authenticates itself at the token endpoint: use ${rules.methods.join(', ')}, e.g. "${rules.defaultMethod}".`,
      );
    if (type === 'm2m') {
      if (next.redirect_uris.length > 0)
        add(
          path('redirect_uris'),
          'A machine-to-machine client signs nobody in and has no redirect addresses: send [].',
        );
      if (next.post_logout_redirect_uris.length > 0)
        add(path('post_logout_redirect_uris'), 'A machine-to-machine client signs nobody out: send [].');
      if (next.backchannel_logout_uri !== null)
        add(path('backchannel_logout_uri'), 'A machine-to-machine client has no sessions to end: send null.');
    }
  }
  if (next.token_endpoint_auth_method === 'private_key_jwt') {
    if (next.jwks_uri === null)
      add(
        path('jwks_uri'),
        'private_key_jwt needs the address of your public keys (JWKS), e.g. https://app.example.com/.well-known/jwks.json.',
      );
  } else if (next.jwks_uri !== null) {
    add(
      path('jwks_uri'),
      'A JWKS address is only for token_endpoint_auth_method "private_key_jwt": send null, or choose that method.',
    );
  }
  if (next.jwks_uri !== null) {
    const url = parseUri(next.jwks_uri, 'https://app.example.com/.well-known/jwks.json');
    if (typeof url === 'string') add(path('jwks_uri'), url);
    else if (url.protocol !== 'https:')
      add(
        path('jwks_uri'),
        `"${next.jwks_uri}" must use https, e.g. https://app.example.com/.well-known/jwks.json.`,
      );
  }
  return problems;
}

/** A new client secret: 32 random bytes, base64url (43 characters), and its SHA-256 (hex). */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashClientSecret(secret) };
}

export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The secrets after a rotation at `now`: the new one current, the current one valid for
 * `overlapSeconds` more (dropped at once with 0), an older one still in its overlap dropped. With no
 * current secret (the first one) `previousExpiresAt` is null.
 */
export function rotatedSecrets(
  secrets: OidcClientSecret[],
  hash: string,
  now: Date,
  overlapSeconds: number,
): { secrets: OidcClientSecret[]; previousExpiresAt: Date | null } {
  const previous = secrets.find((secret) => secret.expires_at === null);
  const fresh: OidcClientSecret = { hash, created_at: now, expires_at: null };
  if (!previous) return { secrets: [fresh], previousExpiresAt: null };
  const previousExpiresAt = new Date(now.getTime() + overlapSeconds * 1000);
  if (overlapSeconds === 0) return { secrets: [fresh], previousExpiresAt };
  return { secrets: [fresh, { ...previous, expires_at: previousExpiresAt }], previousExpiresAt };
}
