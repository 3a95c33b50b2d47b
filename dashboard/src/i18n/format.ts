import { useCallback } from 'react';
import { useUiStore } from '../stores/ui';
import type { Locale } from './messages';

/** SPEC §9: dates are shown in German format (the English locale uses British day-month order). */
export const LOCALE_TAGS: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };

/** "21.11.2026" or, with `withTime`, "21.11.2026, 14:05" from an ISO timestamp. */
export function formatDate(value: string | Date, locale: Locale, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], withTime ? DATE_TIME : DATE).format(date);
}

/** `formatDate` bound to the UI's current locale. */
export function useFormatDate(): (value: string | Date, withTime?: boolean) => string {
  const locale = useUiStore((state) => state.locale);
  return useCallback((value, withTime = false) => formatDate(value, locale, withTime), [locale]);
}
