import { useCallback } from 'react';
import { LOCALE_TAGS } from '../../i18n/format';
import type { Locale } from '../../i18n/messages';
import { useUiStore } from '../../stores/ui';

// Shared by the analytics pages and the alert texts (components may not import pages).
const UNITS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

/** "2 Std. 5 Min." / "2 hr 5 min": the two largest units of a duration in seconds; "–" for none. */
export function formatDuration(seconds: number | null, locale: Locale): string {
  if (seconds === null) return '–';
  let rest = Math.round(seconds);
  const parts: string[] = [];
  for (const { unit, seconds: size } of UNITS) {
    const amount = Math.floor(rest / size);
    if (amount > 0 || (unit === 'second' && parts.length === 0)) {
      parts.push(
        new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'unit', unit, unitDisplay: 'short' }).format(
          amount,
        ),
      );
      rest -= amount * size;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

export function useDuration(): (seconds: number | null) => string {
  const locale = useUiStore((state) => state.locale);
  return useCallback((seconds) => formatDuration(seconds, locale), [locale]);
}
