import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiSchemas } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { useT } from '../../../i18n/useT';
import { saveDownload } from '../../../layout/ExportDataButton';
import { useToast } from '../../../ui/useToast';

/** Product analytics (server/src/modules/product-analytics, docs/analytics.md). */
export type PagesResult = ApiSchemas['AnalyticsPages'];
export type FunnelResult = ApiSchemas['AnalyticsFunnel'];
export type RetentionResult = ApiSchemas['AnalyticsRetention'];
export type StickinessResult = ApiSchemas['AnalyticsStickiness'];
export type LifecycleResult = ApiSchemas['AnalyticsLifecycle'];
export type PeriodUnit = RetentionResult['period'];
export type CountUnit = RetentionResult['unit'];

/** Exactly one of the two: the API reads one application or every application of a project. */
export interface ProductScope {
  application_id?: string;
  project_id?: string;
}

export type PagesQuery = ProductScope & { from?: string; to?: string };
export type FunnelQuery = ProductScope & { steps: string; window: string; from?: string; to?: string };
export type RetentionQuery = ProductScope & {
  period: PeriodUnit;
  unit: CountUnit;
  cohort: 'first_seen' | 'signup';
  return_event?: string;
};
export type StickinessQuery = ProductScope & { unit: CountUnit };
export type LifecycleQuery = ProductScope & { period: PeriodUnit; unit: CountUnit };

const ROUTES = {
  pages: '/api/v1/analytics/pages',
  funnel: '/api/v1/analytics/funnel',
  retention: '/api/v1/analytics/retention',
  stickiness: '/api/v1/analytics/stickiness',
  lifecycle: '/api/v1/analytics/lifecycle',
} as const;
export type ProductReport = keyof typeof ROUTES;

/** A scope or parameter the caller may not use answers 4xx: asking again will not change that. */
const retryServerErrorsOnce = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

function useReport<T>(report: ProductReport, query: object, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'product', report, query],
    enabled,
    retry: retryServerErrorsOnce,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      // The routes share the scope parameters; each answer is typed by its report below.
      unwrap(await api.GET(ROUTES[report], { params: { query: query as never } })) as T,
  });
}

const scoped = (query: ProductScope) => Boolean(query.application_id || query.project_id);

export const usePages = (query: PagesQuery) => useReport<PagesResult>('pages', query, scoped(query));
export const useFunnel = (query: FunnelQuery) =>
  useReport<FunnelResult>(
    'funnel',
    query,
    scoped(query) && query.steps.split(',').filter(Boolean).length > 0,
  );
export const useRetention = (query: RetentionQuery) =>
  useReport<RetentionResult>('retention', { ...query, periods: 12 }, scoped(query));
export const useStickiness = (query: StickinessQuery) =>
  useReport<StickinessResult>('stickiness', query, scoped(query));
export const useLifecycle = (query: LifecycleQuery) =>
  useReport<LifecycleResult>('lifecycle', { ...query, periods: 12 }, scoped(query));

/**
 * Downloads a report's table as the server writes it (format=csv). The API wants the session's
 * bearer token, which a plain link cannot send, so the file is fetched and saved from memory.
 */
export function useCsvExport() {
  const t = useT();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async ({ report, query, name }: { report: ProductReport; query: object; name: string }) => {
      const result = await api.GET(ROUTES[report], {
        params: { query: { ...query, format: 'csv' } as never },
        parseAs: 'blob',
      });
      saveDownload(result, `${name}.csv`);
    },
    onError: (error) =>
      toast({ title: t('product.csv.failed'), description: describeError(error, t), variant: 'destructive' }),
  });
  return { download: mutation.mutate, pending: mutation.isPending };
}
