/**
 * SPEC §5: an organization's website without http:// or https:// gets https:// prefixed. The
 * dashboard shows and sends the result; the server applies it before it checks the URL.
 */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
