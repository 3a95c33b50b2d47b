import { useInfiniteQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../api/client';

const PAGE_SIZE = 25;

const noRetryOnRefusal = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

/** All profiles, newest first, a page at a time ("Mehr laden"). */
export function useAdminUsers(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['admin', 'users'],
    enabled,
    retry: noRetryOnRefusal,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/v1/admin/users', { params: { query: { limit: PAGE_SIZE, cursor: pageParam } } }),
      ),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** All organizations, newest first, a page at a time. */
export function useAdminOrganizations(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['admin', 'organizations'],
    enabled,
    retry: noRetryOnRefusal,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/v1/admin/organizations', {
          params: { query: { limit: PAGE_SIZE, cursor: pageParam } },
        }),
      ),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}
