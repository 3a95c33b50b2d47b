import { useCallback } from 'react';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { formatDuration } from '../analytics/duration';
import { useUiStore } from '../../stores/ui';
import { COMPARATOR_SIGNS, PERCENT_METRICS, type AlertMetric, type AlertRule } from './queries';

/** A metric's value with its unit: "12,5 %", "340 ms", "42"; "–" for none. */
export function useMetricValue(): (metric: AlertMetric, value: number | null) => string {
  const locale = useUiStore((state) => state.locale);
  return useCallback(
    (metric, value) => {
      if (value === null) return '–';
      const number = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
        maximumFractionDigits: 2,
      }).format(value);
      if (PERCENT_METRICS.has(metric)) return `${number} %`;
      return metric === 'p95_latency_ms' ? `${number} ms` : number;
    },
    [locale],
  );
}

/** "Fehlerrate > 5 % in 5 Min." — what a rule watches, in words. */
export function useDescribeRule(): (
  rule: Pick<AlertRule, 'metric' | 'event' | 'comparator' | 'threshold' | 'window_s'>,
) => string {
  const t = useT();
  const locale = useUiStore((state) => state.locale);
  const value = useMetricValue();
  return useCallback(
    (rule) => {
      const metric = t(`alerts.metric.${rule.metric}` as MessageKey);
      const subject = rule.metric === 'event_count' && rule.event ? `${metric} „${rule.event}“` : metric;
      return t('alerts.rule.summary', {
        metric: subject,
        comparator: COMPARATOR_SIGNS[rule.comparator],
        threshold: value(rule.metric, rule.threshold),
        window: formatDuration(rule.window_s, locale),
      });
    },
    [t, locale, value],
  );
}
