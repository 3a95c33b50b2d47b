import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiSchemas } from '../../../api/client';

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
export const SIGN_IN_METHODS = ['password', 'google', 'passkey', 'email_code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export const SECOND_FACTOR_MODES = ['off', 'optional', 'required'] as const;
export type SecondFactorMode = (typeof SECOND_FACTOR_MODES)[number];
export const POOL_LOCALES = ['de', 'en'] as const;
export type PoolLocale = (typeof POOL_LOCALES)[number];

/** GET /api/v1/projects/{project_id}/pool: a project's user pool (issue #31 names). */
export type PoolSettings = ApiSchemas['PoolSettings'];

/** PATCH /api/v1/projects/{project_id}/pool: what changes; a Google secret only when typed anew. */
export type PoolSettingsPatch = ApiSchemas['UpdatePoolRequest'];

export const poolKeys = {
  settings: (projectId: string) => ['pools', projectId, 'settings'] as const,
};

export function usePoolSettings(projectId: string) {
  return useQuery({
    queryKey: poolKeys.settings(projectId),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/projects/{project_id}/pool', {
          params: { path: { project_id: projectId } },
        }),
      ),
  });
}

/** Saves the settings; the answer replaces the cached ones (the form starts again from it). */
export function useSavePoolSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: PoolSettingsPatch) =>
      unwrap(
        await api.PATCH('/api/v1/projects/{project_id}/pool', {
          params: { path: { project_id: projectId } },
          body: patch,
        }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(poolKeys.settings(projectId), saved),
  });
}

/** The hosted sign-in page of a project's pool (served by this origin). */
export function hostedSignInPath(projectId: string): string {
  return `/p/${projectId}/sign-in`;
}
