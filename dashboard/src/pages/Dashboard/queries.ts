import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { TOKENS_KEY } from '../../components/dialogs/CreateTokenDialog';
import { fetchRecentActivity, RECENT_ACTIVITY_LIMIT } from '../Analytics/queries';

const TOKEN_SAMPLE = 100;

export const ACTIVITY_KEY = ['activity-logs', 'recent'] as const;

/** The newest audit entries of the caller's organizations and account; fetched on every visit. */
export function useRecentActivity() {
  return useQuery({
    queryKey: ACTIVITY_KEY,
    staleTime: 0,
    queryFn: () => fetchRecentActivity({}, RECENT_ACTIVITY_LIMIT),
  });
}

/**
 * Active tokens among the caller's newest 100. `more` says that older tokens exist which were
 * not counted, so the screen shows "n+" instead of a number it does not know.
 */
export function useActiveTokenCount() {
  return useQuery({
    queryKey: [...TOKENS_KEY, 'active-count'],
    queryFn: async () => {
      const page = unwrap(await api.GET('/api/v1/tokens', { params: { query: { limit: TOKEN_SAMPLE } } }));
      return {
        count: page.data.filter((token) => token.status === 'active').length,
        more: page.next_cursor !== null,
      };
    },
  });
}

/** The API's own health (SPEC §7 GET /health); a 503 means the database is unreachable. */
export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    refetchInterval: 60_000,
    queryFn: async () => unwrap(await api.GET('/api/v1/health')),
  });
}
