/**
 * Slugs of organizations, projects and applications (SPEC §5). The dashboard derives them live
 * while a name is typed; the server derives them when a request brings no slug of its own.
 */

const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * Lowercase with German letters spelled out as Germans do when umlauts are not available
 * ("Müller & Söhne" → "mueller & soehne"), and other accents dropped ("Café" → "cafe"), so a
 * slug keeps every letter of the name instead of losing it (issue #36).
 */
export function transliterate(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * Organizations and projects (and applications on /projects): transliterate; drop everything but
 * letters, digits, spaces and hyphens; whitespace runs become one hyphen; repeated hyphens
 * collapse; leading and trailing hyphens go ("Acme  Inc." → "acme-inc").
 */
export function deriveSlug(name: string): string {
  return transliterate(name)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Applications on a project's page: transliterate, and every run of characters other than letters
 * a–z and digits becomes one hyphen; leading and trailing hyphens go ("Mein Shop!" → "mein-shop").
 */
export function deriveApplicationSlug(name: string): string {
  return transliterate(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
