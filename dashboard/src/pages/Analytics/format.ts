import { useCallback, useMemo } from 'react';
import { LOCALE_TAGS } from '../../i18n/format';
import type { Locale } from '../../i18n/messages';
import { useUiStore } from '../../stores/ui';

/** "45.623" (de) or "45,623" (en). */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 0 }).format(value);
}

/** "0,2 %" — a percentage the API gives in percent (0–100), `digits` decimals at most. */
export function formatPercent(value: number, locale: Locale, digits = 1): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'percent',
    maximumFractionDigits: digits,
  }).format(value / 100);
}

/** "145 ms", or "–" when there were no measurements. */
export function formatMs(value: number | null, locale: Locale): string {
  if (value === null) return '–';
  return `${new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 0 }).format(value)} ms`;
}

export type Trend = 'up' | 'down' | 'same' | 'new';

/**
 * The change of a figure against the previous period: "+25 %", "−10 %", "±0 %", or `new` when
 * the previous period had nothing to compare with (a percentage of zero means nothing).
 */
export function describeChange(
  current: number,
  previous: number,
  locale: Locale,
): { trend: Trend; text: string } {
  if (previous === 0)
    return current === 0
      ? { trend: 'same', text: `±${formatPercent(0, locale)}` }
      : { trend: 'new', text: '' };
  const change = ((current - previous) / previous) * 100;
  const magnitude = formatPercent(Math.abs(change), locale);
  if (Math.abs(change) < 0.05) return { trend: 'same', text: `±${magnitude}` };
  return change > 0 ? { trend: 'up', text: `+${magnitude}` } : { trend: 'down', text: `−${magnitude}` };
}

/** For percentages (error rate): the change in percentage points, "+0,5 Pp." / "−1,2 pp". */
export function describePointChange(
  current: number,
  previous: number,
  locale: Locale,
  unit: string,
): { trend: Trend; text: string } {
  const change = current - previous;
  const magnitude = new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 1 }).format(
    Math.abs(change),
  );
  if (Math.abs(change) < 0.05) return { trend: 'same', text: `±0 ${unit}` };
  return change > 0
    ? { trend: 'up', text: `+${magnitude} ${unit}` }
    : { trend: 'down', text: `−${magnitude} ${unit}` };
}

/** A bucket's start as the chart's axis shows it: the hour for hourly series, the day otherwise. */
export function formatBucket(iso: string, hourly: boolean, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions = hourly
    ? { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }
    : { day: '2-digit', month: '2-digit' };
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], options).format(new Date(iso));
}

/** The formatters above bound to the UI's current locale. */
export function useAnalyticsFormat() {
  const locale = useUiStore((state) => state.locale);
  const bucket = useCallback((iso: string, hourly: boolean) => formatBucket(iso, hourly, locale), [locale]);
  return useMemo(
    () => ({
      locale,
      count: (value: number) => formatCount(value, locale),
      percent: (value: number, digits?: number) => formatPercent(value, locale, digits),
      ms: (value: number | null) => formatMs(value, locale),
      change: (current: number, previous: number) => describeChange(current, previous, locale),
      pointChange: (current: number, previous: number, unit: string) =>
        describePointChange(current, previous, locale, unit),
      bucket,
    }),
    [locale, bucket],
  );
}
