import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Locale } from '../i18n/messages';

interface UiState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

/** UI preferences that survive a reload; server data lives in TanStack Query, not here. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      locale: 'de',
      setLocale: (locale) => set({ locale }),
    }),
    { name: 'iam-ui' },
  ),
);
