import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { tenancyKeys, type Application } from '../../../components/tenancy/queries';

export const CLIENT_TYPES = ['spa', 'web', 'native', 'm2m'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** `oidc` of GET /api/v1/applications/{id}: the application as an OpenID Connect client (issue #32). */
export interface OidcSettings {
  client_id: string;
  issuer: string;
  client_type: ClientType | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: GrantType[];
  first_party: boolean;
  token_endpoint_auth_method: AuthMethod;
  jwks_uri: string | null;
  backchannel_logout_uri: string | null;
  access_token_ttl_s: number | null;
  refresh_token_ttl_s: number | null;
  api_identifier: string | null;
  api_scopes: string[];
  client_secret_set: boolean;
  client_secret_created_at: string | null;
}

/** What PATCH /api/v1/applications/{id} takes under `oidc` (the editable fields). */
export type OidcPatch = Partial<
  Omit<OidcSettings, 'client_id' | 'issuer' | 'client_secret_set' | 'client_secret_created_at'>
>;

/** POST /api/v1/applications/{id}/oidc/secret: the new secret, answered this one time. */
export interface CreatedSecret {
  client_secret: string;
  created_at: string;
  previous_secret_expires_at: string | null;
}

/** An application as the API answers it, with its OpenID Connect settings. */
export type OidcApplication = Application & { oidc?: OidcSettings };

/** Saves the settings; the answer replaces the cached application (the form starts from it). */
export function useSaveOidc(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (oidc: OidcPatch) =>
      unwrap(
        await api.PATCH('/api/v1/applications/{id}', {
          params: { path: { id: applicationId } },
          // The generated request type learns `oidc` once the API types are regenerated.
          body: { oidc } as never,
        }),
      ) as OidcApplication,
    onSuccess: async (saved) => {
      queryClient.setQueryData(tenancyKeys.application(applicationId), saved);
      await queryClient.invalidateQueries({ queryKey: ['applications', { projectId: saved.project_id }] });
    },
  });
}

/**
 * The secret route, until the generated API types know it (openapi-fetch sends any path; only
 * its types are limited to the generated ones).
 */
type SecretCall = (
  path: '/api/v1/applications/{id}/oidc/secret',
  init: { params: { path: { id: string } }; body: { overlap_seconds?: number } },
) => Promise<{ data?: CreatedSecret; error?: unknown; response: Response }>;

/** Creates the first secret or rotates it; the previous one stays valid for `overlapSeconds`. */
export function useCreateSecret(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (overlapSeconds: number | undefined) =>
      unwrap(
        await (api.POST as unknown as SecretCall)('/api/v1/applications/{id}/oidc/secret', {
          params: { path: { id: applicationId } },
          body: overlapSeconds === undefined ? {} : { overlap_seconds: overlapSeconds },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenancyKeys.application(applicationId) }),
  });
}

/** The endpoints a client needs, as the issuer's discovery document names them. */
export interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  userinfo_endpoint?: string;
  jwks_uri?: string;
  end_session_endpoint?: string;
  introspection_endpoint?: string;
  revocation_endpoint?: string;
}

export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

/**
 * The issuer's discovery document — a public document, so fetched without the session's token.
 * Fails (say, while the project has no issuer) with the HTTP status.
 */
export function useDiscovery(issuer: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['oidc-discovery', issuer],
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<DiscoveryDocument> => {
      const response = await globalThis.fetch(discoveryUrl(issuer), {
        signal,
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      return (await response.json()) as DiscoveryDocument;
    },
  });
}
