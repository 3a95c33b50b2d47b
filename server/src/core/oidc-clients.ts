/**
 * Applications as OpenID Connect clients (issue #32, docs/oidc.md). The applications module stores
 * each application's `oidc` settings and answers them here; the oidc module (the provider) reads
 * clients and resource servers through these types only, never through applications internals.
 *
 * The client id of an application is its application id (24 hex characters). An application is a
 * client once `client_type` is set; `null` means the provider finds no client.
 */

export const OIDC_CLIENT_TYPES = ['spa', 'web', 'native', 'm2m'] as const;
export type OidcClientType = (typeof OIDC_CLIENT_TYPES)[number];

export const OIDC_GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type OidcGrantType = (typeof OIDC_GRANT_TYPES)[number];

export const OIDC_AUTH_METHODS = [
  'none',
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
] as const;
export type OidcAuthMethod = (typeof OIDC_AUTH_METHODS)[number];

/** Scopes the provider itself defines; an API's own scopes must not reuse them. */
export const OIDC_STANDARD_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'roles'] as const;

/** One client secret as stored: only its SHA-256 (hex) is kept. `expires_at` null = the current one. */
export interface OidcClientSecret {
  hash: string;
  created_at: Date;
  expires_at: Date | null;
}

/** The `oidc` subdocument of an application, as stored. */
export interface OidcClientSettings {
  client_type: OidcClientType | null;
  /** Exact strings; the provider compares them as they are. */
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: OidcGrantType[];
  /** true: no consent screen. */
  first_party: boolean;
  token_endpoint_auth_method: OidcAuthMethod;
  /** For private_key_jwt. */
  jwks_uri: string | null;
  backchannel_logout_uri: string | null;
  /** null = the provider's default. */
  access_token_ttl_s: number | null;
  refresh_token_ttl_s: number | null;
  /** This application is also an API (resource server): the `aud` of access tokens for `resource=<it>`. */
  api_identifier: string | null;
  /** Scopes of that API, e.g. `invoice:read`. */
  api_scopes: string[];
  /** At most the current secret (expires_at null) and one previous one in its overlap. Never answered. */
  secrets: OidcClientSecret[];
}

/**
 * What `oidcClientOf` answers: an active application with a client type (one indexed read of the
 * application; whether its project's issuer exists — an active project — is the provider's check).
 */
export interface OidcClientRecord {
  application_id: string;
  project_id: string;
  organization_id: string;
  name: string;
  cors_origins: string[];
  oidc: Omit<OidcClientSettings, 'client_type' | 'secrets'> & {
    client_type: OidcClientType;
    secrets: Array<Pick<OidcClientSecret, 'hash' | 'expires_at'>>;
  };
}

/** What `oidcResourceServer` answers: an active application of the project whose api_identifier matches. */
export interface OidcResourceServerRecord {
  application_id: string;
  identifier: string;
  scopes: string[];
  access_token_ttl_s: number | null;
}

/** Implemented by the applications module (exported from its index); used by the oidc module. */
export interface OidcClientSource {
  /** The client whose id is this application id, or null (unknown, inactive, not a client). */
  oidcClientOf(applicationId: string): Promise<OidcClientRecord | null>;
  /** The API of the project with this identifier, or null. */
  oidcResourceServer(projectId: string, identifier: string): Promise<OidcResourceServerRecord | null>;
  /**
   * Calls `listener` before and after every write of an application (settings, secrets,
   * deactivation): the provider's per-process cache of clients forgets it at once.
   */
  onApplicationWrite?(listener: (applicationId: string) => void): void;
}
