import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../api/client';
import { saveDownload } from '../../../layout/ExportDataButton';

/** An end user of the project's pool (GET /api/v1/projects/{project_id}/users). */
export interface PoolUser {
  id: string;
  email: string;
  display_name: string;
  is_verified: boolean;
  blocked: boolean;
  blocked_at: string | null;
  has_password: boolean;
  signs_in_with_google: boolean;
  second_factor: boolean;
  registered_application_id: string | null;
  created_at: string;
  last_login_at: string | null;
}

/** GET …/users/{user_id}: the user with sessions, factors, what the SDKs linked and recent activity. */
export interface PoolUserDetail extends PoolUser {
  sessions: Array<{
    id: string;
    method: string;
    application_id: string | null;
    ip_address: string | null;
    user_agent: string | null;
    created_at: string;
    last_used_at: string;
    expires_at: string;
  }>;
  second_factors: Array<{ id: string; type: 'totp' | 'passkey'; name: string; added_at: string }>;
  installations: Array<{
    installation_id: string;
    application_id: string;
    platform: string | null;
    user_agent: string | null;
    sdk_version: string | null;
    linked_at: string | null;
    first_seen_at: string;
    last_seen_at: string;
  }>;
  anonymous_users: Array<{
    anonymous_id: string;
    application_id: string;
    installation_id: string | null;
    linked_at: string | null;
    first_seen_at: string;
    last_activity_at: string;
  }>;
  recent_activity: Array<{
    id: string;
    action: string;
    application_id: string | null;
    status_code: number | null;
    ip_address: string | null;
    user_agent: string | null;
    created_at: string;
  }>;
}

export interface ImportResult {
  imported: number;
  skipped: number;
  errors: Array<{ index: number; email: string | null; reason: string }>;
}

/** The list's filters as the API names them (true/false flags; last sign-in as a time range). */
export interface UserListQuery {
  q?: string;
  verified?: 'true' | 'false';
  second_factor?: 'true' | 'false';
  blocked?: 'true' | 'false';
  last_sign_in_after?: string;
  last_sign_in_before?: string;
}

type Result<T> = Promise<{ data?: T; error?: unknown; response: Response }>;
type UserPath = { params: { path: { project_id: string; user_id: string } } };

/** The user-management calls, typed by the server's schemas until they are in schema.d.ts. */
const usersApi = api as unknown as {
  GET(
    path: '/api/v1/projects/{project_id}/users',
    init: {
      params: { path: { project_id: string }; query: UserListQuery & { limit: number; cursor?: string } };
    },
  ): Result<{ data: PoolUser[]; next_cursor: string | null }>;
  GET(path: '/api/v1/projects/{project_id}/users/{user_id}', init: UserPath): Result<PoolUserDetail>;
  GET(
    path: '/api/v1/projects/{project_id}/users/{user_id}/export',
    init: UserPath & { parseAs: 'blob' },
  ): Result<Blob>;
  POST(
    path:
      | '/api/v1/projects/{project_id}/users/{user_id}/block'
      | '/api/v1/projects/{project_id}/users/{user_id}/unblock',
    init: UserPath,
  ): Result<PoolUser>;
  POST(
    path: '/api/v1/projects/{project_id}/users/{user_id}/sign-out',
    init: UserPath,
  ): Result<{ sessions_ended: number }>;
  POST(
    path: '/api/v1/projects/{project_id}/users/{user_id}/second-factor/reset',
    init: UserPath,
  ): Result<{ removed: Array<{ id: string; type: 'totp' | 'passkey'; name: string }> }>;
  POST(
    path: '/api/v1/projects/{project_id}/users/{user_id}/password-reset',
    init: UserPath,
  ): Result<{ sent_to: string }>;
  DELETE(path: '/api/v1/projects/{project_id}/users/{user_id}', init: UserPath): Result<unknown>;
  POST(
    path: '/api/v1/projects/{project_id}/users/invite',
    init: { params: { path: { project_id: string } }; body: { email: string } },
  ): Result<{ user: PoolUser; created: boolean }>;
  POST(
    path: '/api/v1/projects/{project_id}/users/import',
    init: {
      params: { path: { project_id: string } };
      body: unknown;
      headers?: Record<string, string>;
      bodySerializer?: (body: unknown) => string;
    },
  ): Result<ImportResult>;
};

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
        await usersApi.GET('/api/v1/projects/{project_id}/users', {
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
        await usersApi.GET('/api/v1/projects/{project_id}/users/{user_id}', {
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
          return unwrap(await usersApi.POST('/api/v1/projects/{project_id}/users/{user_id}/block', params));
        case 'unblock':
          return unwrap(await usersApi.POST('/api/v1/projects/{project_id}/users/{user_id}/unblock', params));
        case 'signOut':
          return unwrap(
            await usersApi.POST('/api/v1/projects/{project_id}/users/{user_id}/sign-out', params),
          );
        case 'resetSecondFactor':
          return unwrap(
            await usersApi.POST('/api/v1/projects/{project_id}/users/{user_id}/second-factor/reset', params),
          );
        case 'sendReset':
          return unwrap(
            await usersApi.POST('/api/v1/projects/{project_id}/users/{user_id}/password-reset', params),
          );
        case 'delete': {
          const result = await usersApi.DELETE('/api/v1/projects/{project_id}/users/{user_id}', params);
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
    await usersApi.GET('/api/v1/projects/{project_id}/users/{user_id}/export', {
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
        await usersApi.POST('/api/v1/projects/{project_id}/users/invite', {
          params: { path: { project_id: projectId } },
          body: { email },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolUserKeys.all(projectId) }),
  });
}

/** A file the person chose: JSON as it is, CSV as text/csv (the server reads both). */
export interface ImportFile {
  format: 'json' | 'csv';
  content: string;
}

export function useImportUsers(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: ImportFile) =>
      unwrap(
        await usersApi.POST('/api/v1/projects/{project_id}/users/import', {
          params: { path: { project_id: projectId } },
          body: file.content,
          bodySerializer: (body) => body as string,
          headers: { 'Content-Type': file.format === 'csv' ? 'text/csv' : 'application/json' },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolUserKeys.all(projectId) }),
  });
}
