import type { Period } from './pa.types.js';

export const DAY_MS = 86_400_000;

/** Start of the UTC day, ISO week (Monday) or month holding `at`. */
export function periodStart(at: Date, period: Period): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (period === 'day') return day;
  if (period === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** `start` moved by `count` periods (months by calendar). */
export function addPeriods(start: Date, period: Period, count: number): Date {
  if (period === 'day') return new Date(start.getTime() + count * DAY_MS);
  if (period === 'week') return new Date(start.getTime() + count * 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + count, 1));
}

/** The starts of `count` consecutive periods, the last one holding `at`. */
export function periodStarts(at: Date, period: Period, count: number): Date[] {
  const last = periodStart(at, period);
  return Array.from({ length: count }, (_unused, index) => addPeriods(last, period, index - count + 1));
}

/** Index of the period holding `t` among `starts` (consecutive), -1 before the first, starts.length after. */
export function periodIndex(starts: Date[], period: Period, t: Date): number {
  if (t < starts[0]!) return -1;
  for (let index = starts.length - 1; index >= 0; index--)
    if (t >= starts[index]!) {
      return t < addPeriods(starts[index]!, period, 1) ? index : starts.length;
    }
  return -1;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
export const percentOf = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : null);

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
