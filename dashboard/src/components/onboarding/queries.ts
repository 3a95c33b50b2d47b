import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../api/client';

export type Onboarding = ApiSchemas['Onboarding'];
export type OnboardingStep = Onboarding['steps'][number]['key'];

export const ONBOARDING_KEY = ['onboarding'] as const;

/** While the snippet and the first event are awaited, the checklist asks again this often. */
const WAITING_REFRESH_MS = 5_000;

/**
 * The first-run checklist, computed by the server on every read: fetched on each visit of the
 * dashboard (the steps are done on other screens) and, while it waits for the partner site's
 * snippet or first event (which happen outside the dashboard), every few seconds.
 */
export function useOnboarding() {
  return useQuery({
    queryKey: ONBOARDING_KEY,
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/onboarding')),
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = data && !data.dismissed && (data.next === 'snippet' || data.next === 'event');
      return waiting ? WAITING_REFRESH_MS : false;
    },
  });
}

/** Hides (true) or brings back (false) the checklist for the account; the answer is the new state. */
export function useSetOnboardingDismissed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dismissed: boolean) =>
      unwrap(
        dismissed
          ? await api.POST('/api/v1/onboarding/dismissal')
          : await api.DELETE('/api/v1/onboarding/dismissal'),
      ),
    onSuccess: (data) => queryClient.setQueryData(ONBOARDING_KEY, data),
  });
}
