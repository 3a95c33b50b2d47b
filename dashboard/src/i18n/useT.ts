import { useCallback } from 'react';
import { useUiStore } from '../stores/ui';
import { catalogs, type MessageKey } from './messages';

export function useT(): (key: MessageKey) => string {
  const locale = useUiStore((state) => state.locale);
  return useCallback((key: MessageKey) => catalogs[locale][key], [locale]);
}
