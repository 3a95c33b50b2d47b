import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { TOKENS_KEY, type ApiToken } from '../../components/dialogs/CreateTokenDialog';

const PAGE_SIZE = 100;

/**
 * The caller's tokens, newest first, a page at a time; only those of one application if given.
 * Fetched afresh on every visit, so that "last used" is current.
 */
export function useTokens(applicationId?: string) {
  return useInfiniteQuery({
    queryKey: [...TOKENS_KEY, { applicationId: applicationId ?? null }],
    staleTime: 0,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/v1/tokens', {
          params: { query: { limit: PAGE_SIZE, cursor: pageParam, application_id: applicationId } },
        }),
      ),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** SPEC §4: active → blocked, irreversibly. Every token list is refreshed afterwards. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: ApiToken) =>
      unwrap(await api.POST('/api/v1/tokens/{id}/revoke', { params: { path: { id: token.id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}
