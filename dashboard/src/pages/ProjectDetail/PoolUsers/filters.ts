import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UserListQuery } from './queries';

export const FLAG_FILTERS = ['verified', 'second_factor', 'blocked'] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];
export type FlagValue = 'true' | 'false';

/** Last sign-in: within the last day/week/month, or longer ago than a month/quarter. */
export const SIGN_IN_RANGES = ['1d', '7d', '30d', 'over30d', 'over90d'] as const;
export type SignInRange = (typeof SIGN_IN_RANGES)[number];

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<SignInRange, number> = { '1d': 1, '7d': 7, '30d': 30, over30d: 30, over90d: 90 };

/** The filters as the address keeps them (`?tab=users&q=…&blocked=true&signed_in=7d`). */
export interface UserFilters {
  q: string;
  verified?: FlagValue;
  second_factor?: FlagValue;
  blocked?: FlagValue;
  signed_in?: SignInRange;
}

const flagOf = (value: string | null): FlagValue | undefined =>
  value === 'true' || value === 'false' ? value : undefined;

export function filtersFromSearch(search: URLSearchParams): UserFilters {
  const range = search.get('signed_in');
  return {
    q: search.get('q')?.trim() ?? '',
    verified: flagOf(search.get('verified')),
    second_factor: flagOf(search.get('second_factor')),
    blocked: flagOf(search.get('blocked')),
    signed_in: (SIGN_IN_RANGES as readonly string[]).includes(range ?? '')
      ? (range as SignInRange)
      : undefined,
  };
}

/** The API query of the filters; the last sign-in range is measured from `now`. */
export function listQueryOf(filters: UserFilters, now: number): UserListQuery {
  const query: UserListQuery = {};
  if (filters.q) query.q = filters.q;
  for (const flag of FLAG_FILTERS) if (filters[flag]) query[flag] = filters[flag];
  if (filters.signed_in) {
    const boundary = new Date(now - RANGE_DAYS[filters.signed_in] * DAY_MS).toISOString();
    if (filters.signed_in.startsWith('over')) query.last_sign_in_before = boundary;
    else query.last_sign_in_after = boundary;
  }
  return query;
}

export function hasFilters(filters: UserFilters): boolean {
  return Boolean(
    filters.q || filters.verified || filters.second_factor || filters.blocked || filters.signed_in,
  );
}

function withParam(search: URLSearchParams, name: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** How long typing may pause before the search applies (one request per word, not per key). */
export const SEARCH_DELAY_MS = 300;

/**
 * The list's filters, kept in the address (a reload or a shared link shows the same list): the
 * choices apply at once, the search once typing pauses. The time range of "last sign-in" is fixed
 * when it is chosen, so the list is not fetched again every minute.
 */
export function useUserFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const setParam = (name: string, value: string | undefined) =>
    setSearchParams((current) => withParam(current, name, value), { replace: true });

  const [draft, setDraft] = useState(filters.q);
  const [seen, setSeen] = useState(filters.q);
  // A link or the back button changed the address: the field shows the search that applies.
  if (seen !== filters.q) {
    setSeen(filters.q);
    if (filters.q !== draft.trim()) setDraft(filters.q);
  }
  useEffect(() => {
    if (draft.trim() === filters.q) return;
    const timer = setTimeout(
      () =>
        setSearchParams((current) => withParam(current, 'q', draft.trim() || undefined), { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, filters.q, setSearchParams]);

  // The moment "last sign-in" ranges are measured from: when the page opened, or when a range
  // was last chosen — not every render, which would fetch the list again and again.
  const [measuredFrom, setMeasuredFrom] = useState(() => Date.now());
  const { q, verified, second_factor, blocked, signed_in } = filters;
  const query = useMemo(
    () => listQueryOf({ q, verified, second_factor, blocked, signed_in }, measuredFrom),
    [q, verified, second_factor, blocked, signed_in, measuredFrom],
  );
  const setFilter = (name: FlagFilter | 'signed_in', value: string | undefined) => {
    if (name === 'signed_in') setMeasuredFrom(Date.now());
    setParam(name, value);
  };

  const clear = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['q', ...FLAG_FILTERS, 'signed_in']) next.delete(name);
        return next;
      },
      { replace: true },
    );

  return { filters, query, search: draft, setSearch: setDraft, setFilter, clear };
}
