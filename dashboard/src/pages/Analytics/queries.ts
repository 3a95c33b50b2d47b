import { useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiSchemas } from '../../api/client';

/** The analytics API (server/src/modules/analytics/analytics.schemas.ts). */
export type AnalyticsSummary = ApiSchemas['AnalyticsSummary'];
export type AnalyticsTotals = ApiSchemas['AnalyticsTotals'];
export type Period = AnalyticsSummary['period'];
export const PERIODS: readonly Period[] = ['24h', '7d', '30d', '90d'];
const PERIOD_HOURS: Record<Period, number> = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 };
/** Periods up to a week are charted per hour, longer ones per day (HOURLY_TIMESERIES_MAX_HOURS). */
export const isHourly = (period: Period) => PERIOD_HOURS[period] <= 168;

// Typed from the contract until the health route is in the generated client.
export interface HealthHistory {
  period: Period;
  uptime_percent: number | null;
  avg_response_ms: number | null;
  samples: number;
  last_checked_at: string | null;
}

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

// The generated client does not know the health route yet; its shape above is the contract's.
type UntypedGet = (
  path: string,
  init: { params: { query: Record<string, string | number | undefined> } },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const get = api.GET as unknown as UntypedGet;

/** A filter the caller may not see answers 404 (or 400): asking again will not change that. */
const retryServerErrorsOnce = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (scope: AnalyticsScope) => ['analytics', 'summary', scope] as const,
  health: (period: Period) => ['analytics', 'health', period] as const,
  activity: (scope: AnalyticsScope, limit: number) => ['activity-logs', 'analytics', scope, limit] as const,
};

/** Totals, series, top lists and percentiles of one period, with the period before for comparison. */
export function useAnalyticsSummary(scope: AnalyticsScope, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: analyticsKeys.summary(scope),
    enabled,
    retry: retryServerErrorsOnce,
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
    queryFn: async () =>
      unwrap(await get('/api/v1/analytics/health', { params: { query: { period } } })) as HealthHistory,
  });
}

/** SPEC §9: the newest 10 activities, with the same scope and period as the figures beside them. */
export const RECENT_ACTIVITY_LIMIT = 10;

export function useScopedActivity(scope: AnalyticsScope, limit = RECENT_ACTIVITY_LIMIT) {
  return useQuery({
    queryKey: analyticsKeys.activity(scope, limit),
    staleTime: 0,
    retry: retryServerErrorsOnce,
    queryFn: async () => {
      const since = new Date(Date.now() - PERIOD_HOURS[scope.period] * 3_600_000).toISOString();
      return unwrap(
        await api.GET('/api/v1/activity-logs', { params: { query: { limit, since, ...scopeQuery(scope) } } }),
      );
    },
  });
}
