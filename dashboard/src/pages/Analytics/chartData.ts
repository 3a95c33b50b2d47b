import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { ChartPoint } from './Charts';
import { useAnalyticsFormat } from './format';
import { isHourly, type AnalyticsSummary } from './queries';

/** The summary's time series as the charts draw them, with one-sentence text alternatives. */
export function useChartData(summary: AnalyticsSummary | undefined) {
  const t = useT();
  const format = useAnalyticsFormat();
  return useMemo(() => {
    if (!summary) return null;
    const hourly = isHourly(summary.period);
    const points: ChartPoint[] = summary.timeseries.map((bucket) => ({
      label: format.bucket(bucket.t, hourly),
      requests: bucket.requests,
      errors: bucket.errors,
      active_users: bucket.active_users,
    }));
    const range = {
      from: format.bucket(summary.from, hourly),
      to: format.bucket(summary.to, hourly),
    };
    const peakOf = (key: 'requests' | 'active_users') =>
      points.reduce<ChartPoint | null>(
        (best, point) => (!best || point[key] > best[key] ? point : best),
        null,
      );
    const peakRequests = peakOf('requests');
    const peakUsers = peakOf('active_users');
    const traffic =
      peakRequests && peakRequests.requests > 0
        ? t('analytics.chart.trafficSummary', {
            ...range,
            requests: format.count(summary.totals.requests),
            errors: format.count(summary.totals.errors),
            peak: format.count(peakRequests.requests),
            peakAt: peakRequests.label,
          })
        : t('analytics.chart.emptySummary');
    const users =
      peakUsers && peakUsers.active_users > 0
        ? t('analytics.chart.usersSummary', {
            ...range,
            peak: format.count(peakUsers.active_users),
            peakAt: peakUsers.label,
          })
        : t('analytics.chart.emptySummary');
    return { points, traffic, users };
  }, [summary, format, t]);
}

/** The series names shared by the charts' legends, tooltips and value tables. */
export function useSeriesNames() {
  const t = useT();
  return useMemo(
    () => ({
      requests: t('analytics.chart.requests'),
      errors: t('analytics.chart.errors'),
      activeUsers: t('analytics.chart.activeUsers'),
    }),
    [t],
  );
}
