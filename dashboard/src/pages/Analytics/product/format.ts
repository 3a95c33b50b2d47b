import { useCallback } from 'react';
import { LOCALE_TAGS } from '../../../i18n/format';
import { useUiStore } from '../../../stores/ui';

/** A period's start as a label: "17.11." (day, week) or "11.2026" (month); UTC, as the API counts. */
export function usePeriodLabel(): (iso: string, period: 'day' | 'week' | 'month') => string {
  const locale = useUiStore((state) => state.locale);
  return useCallback(
    (iso, period) =>
      new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
        timeZone: 'UTC',
        ...(period === 'month'
          ? { month: '2-digit', year: 'numeric' }
          : { day: '2-digit', month: '2-digit', year: 'numeric' }),
      }).format(new Date(iso)),
    [locale],
  );
}
