import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiSchemas } from '../../api/client';
import type { paths } from '../../api/schema';

/** The analytics API (server/src/modules/telemetry/summaries.schemas.ts). */
export type AnalyticsSummary = ApiSchemas['AnalyticsSummary'];
export type AnalyticsTotals = ApiSchemas['AnalyticsTotals'];
export type Period = AnalyticsSummary['period'];
export const PERIODS: readonly Period[] = ['24h', '7d', '30d', '90d'];
const PERIOD_HOURS: Record<Period, number> = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 };
/** Periods up to a week are charted per hour, longer ones per day (HOURLY_TIMESERIES_MAX_HOURS). */
export const isHourly = (period: Period) => PERIOD_HOURS[period] <= 168;

export type HealthHistory = ApiSchemas['HealthHistory'];

/** Which part of the caller's tenants a screen looks at; empty ids mean "all I may see". */
export interface AnalyticsScope {
  period: Period;
  organizationId?: string;
  projectId?: string;
  applicationId?: string;
}

function scopeQuery(scope: AnalyticsScope) {
  return {
    organization_id: scope.organizationId || undefined,
    project_id: scope.projectId || undefined,
    application_id: scope.applicationId || undefined,
  };
}

/** A filter the caller may not see answers 404 (or 400): asking again will not change that. */
const retryServerErrorsOnce = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (scope: AnalyticsScope) => ['analytics', 'summary', scope] as const,
  health: (period: Period) => ['analytics', 'health', period] as const,
  activity: (scope: AnalyticsScope, limit: number) => ['activity-logs', 'analytics', scope, limit] as const,
};

/**
 * Totals, series, top lists and percentiles of one period, with the period before for comparison.
 * `keepPrevious` keeps the old figures on screen while a changed scope loads.
 */
export function useAnalyticsSummary(
  scope: AnalyticsScope,
  { refetchInterval, keepPrevious }: { refetchInterval?: number; keepPrevious?: boolean } = {},
) {
  return useQuery({
    queryKey: analyticsKeys.summary(scope),
    retry: retryServerErrorsOnce,
    refetchInterval,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/analytics/summary', {
          params: { query: { period: scope.period, ...scopeQuery(scope) } },
        }),
      ),
  });
}

/** The sampled health history: real uptime and average response time of the period. */
export function useHealthHistory(period: Period) {
  return useQuery({
    queryKey: analyticsKeys.health(period),
    refetchInterval: 60_000,
    queryFn: async () => unwrap(await api.GET('/api/v1/analytics/health', { params: { query: { period } } })),
  });
}

/** SPEC §9: the newest 10 activities, with the same scope and period as the figures beside them. */
export const RECENT_ACTIVITY_LIMIT = 10;
/** Entries read per entry shown, so the list stays full once the caller's own calls are left out. */
const READ_AHEAD = 10;
const MAX_LIST_LIMIT = 500;

type ActivityQuery = Omit<
  NonNullable<paths['/api/v1/activity-logs']['get']['parameters']['query']>,
  'limit' | 'cursor'
>;

/**
 * The newest `limit` entries of the activity trail, without the signed-in person's own dashboard
 * calls: the request log lists those (API rows without an application) among their account
 * events, and ten page views would push everything that happened out of the list. Calls made
 * for an application — its SDK, its API tokens — stay.
 */
export async function fetchRecentActivity(query: ActivityQuery, limit: number) {
  const page = unwrap(
    await api.GET('/api/v1/activity-logs', {
      params: { query: { ...query, limit: Math.min(limit * READ_AHEAD, MAX_LIST_LIMIT) } },
    }),
  );
  const data = page.data.filter((entry) => !(entry.resource_type === 'api' && entry.application_id === null));
  return { data: data.slice(0, limit) };
}

export function useScopedActivity(scope: AnalyticsScope, limit = RECENT_ACTIVITY_LIMIT) {
  return useQuery({
    queryKey: analyticsKeys.activity(scope, limit),
    staleTime: 0,
    retry: retryServerErrorsOnce,
    queryFn: () => {
      const since = new Date(Date.now() - PERIOD_HOURS[scope.period] * 3_600_000).toISOString();
      return fetchRecentActivity({ since, ...scopeQuery(scope) }, limit);
    },
  });
}
