import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../../api/client';
import { tenancyKeys } from '../../../components/tenancy/queries';

export const CLIENT_TYPES = ['spa', 'web', 'native', 'm2m'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** `oidc` of GET /api/v1/applications/{id}: the application as an OpenID Connect client (issue #32). */
export type OidcSettings = ApiSchemas['ApplicationOidc'];

/** What PATCH /api/v1/applications/{id} takes under `oidc` (the editable fields). */
export type OidcPatch = ApiSchemas['UpdateApplicationOidc'];

/** POST /api/v1/applications/{id}/oidc/secret: the new secret, answered this one time. */
export type CreatedSecret = ApiSchemas['OidcClientSecret'];

/** Saves the settings; the answer replaces the cached application (the form starts from it). */
export function useSaveOidc(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (oidc: OidcPatch) =>
      unwrap(
        await api.PATCH('/api/v1/applications/{id}', {
          params: { path: { id: applicationId } },
          body: { oidc },
        }),
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(tenancyKeys.application(applicationId), saved);
      await queryClient.invalidateQueries({ queryKey: ['applications', { projectId: saved.project_id }] });
    },
  });
}

/** Creates the first secret or renews it; the previous one stays valid for `overlapSeconds`. */
export function useCreateSecret(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (overlapSeconds: number) =>
      unwrap(
        await api.POST('/api/v1/applications/{id}/oidc/secret', {
          params: { path: { id: applicationId } },
          body: { overlap_seconds: overlapSeconds },
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
