/**
 * Dates typed by hand in German order: "31.12.2026", optionally with a 24-hour time
 * ("31.12.2026 14:30" or "31.12.2026, 14:30"). "31/12/2026" (the English UI's display format) and
 * ISO "2026-12-31" are accepted too. A browser's `<input type="date">` shows and expects the
 * *browser's* locale (mm/dd/yyyy in an American Chrome) whatever the page's language, so the
 * dashboard asks for dates in this text form instead.
 */

/** `null` for an empty field, `'invalid'` for text that is not a real date and time. */
export type ParsedDate = Date | null | 'invalid';

const DAY_FIRST = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?:,?\s+(\d{1,2}):(\d{2}))?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2}))?$/;

/**
 * Local date and time from the text; a date without a time means the end of that day (23:59:59),
 * so "valid until 31.12.2026" includes the 31st.
 */
export function parseDateInput(text: string): ParsedDate {
  const value = text.trim();
  if (!value) return null;
  const dayFirst = DAY_FIRST.exec(value);
  const iso = dayFirst ? null : ISO.exec(value);
  if (!dayFirst && !iso) return 'invalid';
  const [day, month, year, hours, minutes] = dayFirst
    ? dayFirst.slice(1)
    : [iso![3], iso![2], iso![1], iso![4], iso![5]];
  const withTime = hours !== undefined;
  const parts = {
    year: Number(year),
    month: Number(month) - 1,
    day: Number(day),
    hours: withTime ? Number(hours) : 23,
    minutes: withTime ? Number(minutes) : 59,
  };
  const date = new Date(parts.year, parts.month, parts.day, parts.hours, parts.minutes, withTime ? 0 : 59);
  // new Date(2026, 1, 31) rolls over to 3 March: such a date does not exist.
  const exists =
    date.getFullYear() === parts.year &&
    date.getMonth() === parts.month &&
    date.getDate() === parts.day &&
    date.getHours() === parts.hours &&
    date.getMinutes() === parts.minutes;
  return exists ? date : 'invalid';
}
