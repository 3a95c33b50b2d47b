import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, withFilter, type FilterName } from './logFilters';

/** How long typing may pause before a text filter applies (one request per word, not per key). */
export const TYPING_DELAY_MS = 300;

/** The log filters, kept in the address; choices apply at once. */
export function useLogFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const setFilter = (name: FilterName, value: string | undefined) =>
    setSearchParams((current) => withFilter(current, name, value), { replace: true });
  return { filters: filtersFromSearch(searchParams), setFilter };
}

/**
 * A text filter (search, action): the field shows what is typed, the address and the list follow
 * once typing pauses.
 */
export function useTypedFilter(name: 'search' | 'action'): [string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = filtersFromSearch(searchParams)[name] ?? '';
  const [draft, setDraft] = useState(applied);
  // A link or the back button changed the address: the field shows the filter that applies.
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    if (applied !== draft.trim()) setDraft(applied);
  }
  useEffect(() => {
    if (draft.trim() === applied.trim()) return;
    const timer = setTimeout(
      () => setSearchParams((current) => withFilter(current, name, draft.trim()), { replace: true }),
      TYPING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, applied, name, setSearchParams]);
  return [draft, setDraft];
}
