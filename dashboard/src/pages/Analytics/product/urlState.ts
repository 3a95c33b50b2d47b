import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The screen's filters live in the address (`?app=…&steps=a,b&window=7d`), so a view can be
 * bookmarked, shared and reloaded as it is. `set` changes some of them and keeps the rest;
 * an empty value (or the default) leaves the parameter out.
 */
export function useUrlState(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, set];
}

/** A parameter that must be one of `allowed`, else the default. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export const RANGES = ['7d', '30d', '90d'] as const;
export type Range = (typeof RANGES)[number];

/** `from` of a range ending now: the UTC day `days` before today (the API counts UTC days). */
export function rangeStart(range: Range, now = new Date()): string {
  const days = Number.parseInt(range, 10);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days + 1));
  return start.toISOString().slice(0, 10);
}
