import type {
  OidcClientRecord,
  OidcClientSecret,
  OidcResourceServerRecord,
} from '../../core/oidc-clients.js';
import type { ApplicationDocument, StoredOidcSettings } from './applications.model.js';
import { oidcSettingsOf } from './applications.oidc.js';

/** How an application's OpenID Connect settings are answered: to the API, and to the oidc module. */

/** The current secret (the one without an end), if any. */
export function currentSecret(settings: Pick<StoredOidcSettings, 'secrets'>): OidcClientSecret | null {
  return settings.secrets.find((secret) => secret.expires_at === null) ?? null;
}

/** The OpenID issuer of a project's pool. */
export function issuerOf(publicUrl: string, projectId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/oidc/${projectId}`;
}

/** The `oidc` of an application as the API answers it (no secrets; whether one is set). */
export function oidcView(application: ApplicationDocument, publicUrl: string) {
  const settings = oidcSettingsOf(application);
  const current = currentSecret(settings);
  return {
    client_id: String(application._id),
    issuer: issuerOf(publicUrl, String(application.project_id)),
    client_type: settings.client_type,
    redirect_uris: settings.redirect_uris,
    post_logout_redirect_uris: settings.post_logout_redirect_uris,
    grant_types: settings.grant_types,
    first_party: settings.first_party,
    token_endpoint_auth_method: settings.token_endpoint_auth_method,
    jwks_uri: settings.jwks_uri,
    backchannel_logout_uri: settings.backchannel_logout_uri,
    access_token_ttl_s: settings.access_token_ttl_s,
    refresh_token_ttl_s: settings.refresh_token_ttl_s,
    api_identifier: settings.api_identifier,
    api_scopes: settings.api_scopes,
    client_secret_set: current !== null,
    client_secret_created_at: current ? current.created_at.toISOString() : null,
  };
}

export type OidcView = ReturnType<typeof oidcView>;

/** What the provider reads of a client (core/oidc-clients.ts). */
export function oidcClientRecord(application: ApplicationDocument): OidcClientRecord | null {
  const settings = oidcSettingsOf(application);
  if (!settings.client_type) return null;
  return {
    application_id: String(application._id),
    project_id: String(application.project_id),
    organization_id: String(application.organization_id),
    name: application.name,
    cors_origins: application.cors_origins ?? [],
    oidc: {
      client_type: settings.client_type,
      redirect_uris: settings.redirect_uris,
      post_logout_redirect_uris: settings.post_logout_redirect_uris,
      grant_types: settings.grant_types,
      first_party: settings.first_party,
      token_endpoint_auth_method: settings.token_endpoint_auth_method,
      jwks_uri: settings.jwks_uri,
      backchannel_logout_uri: settings.backchannel_logout_uri,
      access_token_ttl_s: settings.access_token_ttl_s,
      refresh_token_ttl_s: settings.refresh_token_ttl_s,
      api_identifier: settings.api_identifier,
      api_scopes: settings.api_scopes,
      secrets: settings.secrets.map((secret) => ({ hash: secret.hash, expires_at: secret.expires_at })),
    },
  };
}

/** What the provider reads of an API. */
export function oidcResourceServerRecord(application: ApplicationDocument): OidcResourceServerRecord | null {
  const settings = oidcSettingsOf(application);
  if (!settings.api_identifier) return null;
  return {
    application_id: String(application._id),
    identifier: settings.api_identifier,
    scopes: settings.api_scopes,
    access_token_ttl_s: settings.access_token_ttl_s,
  };
}
