import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiSchemas } from '../../../api/client';
import { saveDownload } from '../../../layout/ExportDataButton';

/** An end user of the project's pool (GET /api/v1/projects/{project_id}/users). */
export type PoolUser = ApiSchemas['PoolUser'];

/** GET …/users/{user_id}: the user with sessions, factors, what the SDKs linked and recent activity. */
export type PoolUserDetail = ApiSchemas['PoolUserDetail'];

export type ImportResult = ApiSchemas['PoolUserImportResult'];

/** The list's filters as the API names them (true/false flags; last sign-in as a time range). */
export interface UserListQuery {
  q?: string;
  verified?: 'true' | 'false';
  second_factor?: 'true' | 'false';
  blocked?: 'true' | 'false';
  last_sign_in_after?: string;
  last_sign_in_before?: string;
}

const PAGE_SIZE = 25;

export const poolUserKeys = {
  all: (projectId: string) => ['pools', projectId, 'users'] as const,
  list: (projectId: string, query: UserListQuery) => ['pools', projectId, 'users', 'list', query] as const,
  detail: (projectId: string, userId: string) => ['pools', projectId, 'users', 'detail', userId] as const,
};

const noRetryOnRefusal = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

/** The pool's users matching the filters, newest first, a page at a time ("Mehr laden"). */
export function usePoolUsers(projectId: string, query: UserListQuery) {
  return useInfiniteQuery({
    queryKey: poolUserKeys.list(projectId, query),
    retry: noRetryOnRefusal,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/v1/projects/{project_id}/users', {
          params: {
            path: { project_id: projectId },
            query: { ...query, limit: PAGE_SIZE, cursor: pageParam },
          },
        }),
      ),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function usePoolUser(projectId: string, userId: string | null) {
  return useQuery({
    queryKey: poolUserKeys.detail(projectId, userId ?? ''),
    enabled: Boolean(userId),
    retry: noRetryOnRefusal,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/projects/{project_id}/users/{user_id}', {
          params: { path: { project_id: projectId, user_id: userId! } },
        }),
      ),
  });
}

/** The actions on one user (panel buttons); each refreshes the list and the user's details. */
export type UserAction = 'block' | 'unblock' | 'signOut' | 'resetSecondFactor' | 'sendReset' | 'delete';

export function useUserAction(projectId: string, userId: string) {
  const queryClient = useQueryClient();
  const params = { params: { path: { project_id: projectId, user_id: userId } } };
  return useMutation({
    mutationFn: async (action: UserAction): Promise<unknown> => {
      switch (action) {
        case 'block':
          return unwrap(await api.POST('/api/v1/projects/{project_id}/users/{user_id}/block', params));
        case 'unblock':
          return unwrap(await api.POST('/api/v1/projects/{project_id}/users/{user_id}/unblock', params));
        case 'signOut':
          return unwrap(await api.POST('/api/v1/projects/{project_id}/users/{user_id}/sign-out', params));
        case 'resetSecondFactor':
          return unwrap(
            await api.POST('/api/v1/projects/{project_id}/users/{user_id}/second-factor/reset', params),
          );
        case 'sendReset':
          return unwrap(
            await api.POST('/api/v1/projects/{project_id}/users/{user_id}/password-reset', params),
          );
        case 'delete': {
          const result = await api.DELETE('/api/v1/projects/{project_id}/users/{user_id}', params);
          if (!result.response.ok) unwrap(result);
          return null;
        }
      }
    },
    onSuccess: async (_data, action) => {
      if (action === 'delete')
        queryClient.removeQueries({ queryKey: poolUserKeys.detail(projectId, userId) });
      await queryClient.invalidateQueries({ queryKey: poolUserKeys.all(projectId) });
    },
  });
}

/** Downloads the user's data (GDPR export) as the JSON file the server writes. */
export async function exportPoolUser(projectId: string, userId: string): Promise<void> {
  saveDownload(
    await api.GET('/api/v1/projects/{project_id}/users/{user_id}/export', {
      params: { path: { project_id: projectId, user_id: userId } },
      parseAs: 'blob',
    }),
    `user-${userId}-export.json`,
  );
}

export function useInviteUser(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      unwrap(
        await api.POST('/api/v1/projects/{project_id}/users/invite', {
          params: { path: { project_id: projectId } },
          body: { email },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolUserKeys.all(projectId) }),
  });
}

type ImportRows = ApiSchemas['PoolUserImport']['users'];

/**
 * A file the person chose: a JSON file's rows (each checked by the server, which reports bad ones
 * in `errors`), or a CSV file's text, which the route reads as `text/csv` (not in the OpenAPI
 * document, which describes the JSON body).
 */
export type ImportFile = { format: 'json'; users: unknown[] } | { format: 'csv'; content: string };

export function useImportUsers(projectId: string) {
  const queryClient = useQueryClient();
  const params = { path: { project_id: projectId } };
  return useMutation({
    mutationFn: async (file: ImportFile) =>
      unwrap(
        file.format === 'json'
          ? await api.POST('/api/v1/projects/{project_id}/users/import', {
              params,
              body: { users: file.users as ImportRows },
            })
          : await api.POST('/api/v1/projects/{project_id}/users/import', {
              params,
              body: file.content as never,
              bodySerializer: (text: unknown) => String(text),
              headers: { 'Content-Type': 'text/csv' },
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolUserKeys.all(projectId) }),
  });
}
