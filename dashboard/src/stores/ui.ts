import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { hasCatalog, loadCatalog } from '../i18n/catalog';
import { LOCALES, type Locale } from '../i18n/messages';

interface UiState {
  /** The locale on screen; it changes only once that locale's catalog is loaded. */
  locale: Locale;
  /** Switches at once when the catalog is here, else after loading it; rejects if it can't be. */
  setLocale(locale: Locale): Promise<void>;
}

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** UI preferences that survive a reload; server data lives in TanStack Query, not here. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      locale: 'de',
      setLocale: (locale) => {
        if (hasCatalog(locale)) {
          set({ locale });
          return Promise.resolve();
        }
        return loadCatalog(locale).then(() => {
          set({ locale });
        });
      },
    }),
    {
      name: 'iam-ui',
      // A remembered locale other than German is switched to once its catalog chunk has arrived
      // (German until then; the remembered choice stays stored if that fails, for the next visit).
      merge: (persisted, current) => {
        const remembered = (persisted as Partial<UiState> | undefined)?.locale;
        if (isLocale(remembered) && remembered !== current.locale) {
          queueMicrotask(
            () =>
              void useUiStore
                .getState()
                .setLocale(remembered)
                .catch(() => undefined),
          );
        }
        return current;
      },
    },
  ),
);
