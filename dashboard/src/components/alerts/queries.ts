import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiSchemas } from '../../api/client';
import { expectNoContent } from '../tenancy/queries';

/** Alert rules (server/src/modules/alerts, docs/alerts.md). */
export type AlertRule = ApiSchemas['Alert'];
export type AlertHistoryEntry = ApiSchemas['AlertHistoryEntry'];
export type CreateAlertRule = ApiSchemas['CreateAlertRequest'];
export type UpdateAlertRule = ApiSchemas['UpdateAlertRequest'];
export type AlertMetric = AlertRule['metric'];
export type AlertComparator = AlertRule['comparator'];

export const METRICS: readonly AlertMetric[] = [
  'error_rate',
  'p95_latency_ms',
  'api_calls',
  'active_users',
  'sign_ups',
  'failed_sign_ins',
  'event_count',
  'funnel_conversion',
];
/** Metrics measured in percent: a threshold above 100 can never be crossed. */
export const PERCENT_METRICS: ReadonlySet<AlertMetric> = new Set(['error_rate', 'funnel_conversion']);
export const COMPARATORS: readonly AlertComparator[] = ['gt', 'gte', 'lt', 'lte'];
export const COMPARATOR_SIGNS: Record<AlertComparator, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };

export interface AlertFilter {
  organization_id?: string;
  project_id?: string;
  application_id?: string;
}

export const alertKeys = {
  all: ['alerts'] as const,
  list: (filter: AlertFilter) => ['alerts', 'list', filter] as const,
  firing: ['alerts', 'firing'] as const,
  rule: (id: string) => ['alerts', 'rule', id] as const,
  history: (id: string) => ['alerts', 'history', id] as const,
};

const retryUnlessClientError = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

export function useAlertRules(filter: AlertFilter) {
  return useQuery({
    queryKey: alertKeys.list(filter),
    retry: retryUnlessClientError,
    queryFn: async () => unwrap(await api.GET('/api/v1/alerts', { params: { query: filter } })).data,
  });
}

/** The bell: rules firing now, asked again every minute (the evaluator's round). */
export function useFiringAlerts() {
  return useQuery({
    queryKey: alertKeys.firing,
    refetchInterval: 60_000,
    retry: retryUnlessClientError,
    queryFn: async () => unwrap(await api.GET('/api/v1/alerts/firing')).data,
  });
}

export function useAlertRule(id: string) {
  return useQuery({
    queryKey: alertKeys.rule(id),
    retry: retryUnlessClientError,
    queryFn: async () => unwrap(await api.GET('/api/v1/alerts/{id}', { params: { path: { id } } })),
  });
}

const HISTORY_PAGE = 100;

export function useAlertHistory(id: string) {
  return useQuery({
    queryKey: alertKeys.history(id),
    retry: retryUnlessClientError,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/alerts/{id}/history', {
          params: { path: { id }, query: { limit: HISTORY_PAGE } },
        }),
      ),
  });
}

/** Create, change, mute, test and delete; every change refreshes the lists, the rule and the bell. */
export function useAlertMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
  return {
    create: useMutation({
      mutationFn: async (body: CreateAlertRule) => unwrap(await api.POST('/api/v1/alerts', { body })),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, body }: { id: string; body: UpdateAlertRule }) =>
        unwrap(await api.PATCH('/api/v1/alerts/{id}', { params: { path: { id } }, body })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: string) =>
        expectNoContent(await api.DELETE('/api/v1/alerts/{id}', { params: { path: { id } } })),
      // Not awaited: the deleted rule's own page would ask for it again (404) before leaving.
      onSuccess: () => void refresh(),
    }),
    test: useMutation({
      mutationFn: async (id: string) =>
        unwrap(await api.POST('/api/v1/alerts/{id}/test', { params: { path: { id } } })),
      onSuccess: refresh,
    }),
  };
}
