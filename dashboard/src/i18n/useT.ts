import { useCallback } from 'react';
import { useUiStore } from '../stores/ui';
import { catalogFor } from './catalog';
import type { Locale, MessageKey } from './messages';

export type Translate = (key: MessageKey, values?: Record<string, string>) => string;

/** Looks a message up in a catalog and fills in its `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, values?: Record<string, string>): string {
  const message: string = catalogFor(locale)[key];
  return values ? message.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match) : message;
}

export function useT(): Translate {
  const locale = useUiStore((state) => state.locale);
  return useCallback((key, values) => translate(locale, key, values), [locale]);
}
