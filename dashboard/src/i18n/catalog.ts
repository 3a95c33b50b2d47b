import { de, type Catalog, type Locale } from './messages';

const loaded: Partial<Record<Locale, Catalog>> = { de };

const loaders: Record<Locale, () => Promise<Catalog>> = {
  de: () => Promise.resolve(de),
  en: async () => (await import('./messages.en')).en,
};

/** The catalog of a locale, or German while that locale's catalog has not arrived. */
export function catalogFor(locale: Locale): Catalog {
  return loaded[locale] ?? de;
}

export function hasCatalog(locale: Locale): boolean {
  return loaded[locale] !== undefined;
}

/** Fetches a locale's catalog chunk once; rejects when the chunk cannot be loaded. */
export async function loadCatalog(locale: Locale): Promise<void> {
  loaded[locale] ??= await loaders[locale]();
}
