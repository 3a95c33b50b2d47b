import { useCallback } from 'react';
import { LOCALE_TAGS } from '../../i18n/format';
import { de, type MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { useUiStore } from '../../stores/ui';

/** Numbers and durations in the UI's locale ("1.234", "12 ms"); "–" for what is not known. */
export function useFormatNumber() {
  const locale = useUiStore((state) => state.locale);
  const number = useCallback(
    (value: number | null | undefined, fractionDigits = 0) =>
      value === null || value === undefined || Number.isNaN(value)
        ? '–'
        : new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: fractionDigits }).format(value),
    [locale],
  );
  const milliseconds = useCallback(
    (value: number | null | undefined) =>
      value === null || value === undefined ? '–' : `${number(value)} ms`,
    [number],
  );
  const percent = useCallback(
    (value: number | null | undefined) =>
      value === null || value === undefined ? '–' : `${number(value, 1)} %`,
    [number],
  );
  return { number, milliseconds, percent };
}

const LOG_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** A log's time to the second ("23.11.2026, 07:17:42"): entries of one minute stay apart. */
export function useFormatLogTime(): (iso: string) => string {
  const locale = useUiStore((state) => state.locale);
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], LOG_TIME).format(new Date(iso)),
    [locale],
  );
}

/**
 * A known action in words ("Token erstellt"); an action the catalog does not know, as the server
 * names it. An SDK's entry is shown as sent: words would make it read as the platform's own.
 */
export function useActionLabel(): (entry: { action: string; source?: string }) => string {
  const t = useT();
  return (entry) => {
    if (entry.source === 'sdk') return entry.action;
    const key = `home.action.${entry.action}`;
    return key in de ? t(key as MessageKey) : entry.action;
  };
}

/**
 * A resource type in words ("Anwendung"); one the catalog does not know, as the server names it.
 * The server files e-mail templates under `other`: their action names them ("E-Mail-Template"
 * rather than "Sonstiges").
 */
export function useResourceLabel(): (entry: { resource_type: string; action?: string }) => string {
  const t = useT();
  return (entry) => {
    const namespace = entry.resource_type === 'other' ? entry.action?.split('.')[0] : undefined;
    const specific = `home.resource.${namespace}`;
    if (namespace && specific in de) return t(specific as MessageKey);
    const key = `home.resource.${entry.resource_type}`;
    return key in de ? t(key as MessageKey) : entry.resource_type;
  };
}
