/**
 * Slugs of organizations, projects and applications (SPEC §5). The dashboard derives them live
 * while a name is typed; the server derives them when a request brings no slug of its own.
 */

/**
 * Organizations and projects (and applications on /projects): lowercase; drop everything but
 * letters, digits, spaces and hyphens; whitespace runs become one hyphen; repeated hyphens
 * collapse; leading and trailing hyphens go ("Acme  Inc." → "acme-inc").
 */
export function deriveSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Applications on a project's page: lowercase, and every run of characters other than letters
 * a–z and digits becomes one hyphen; leading and trailing hyphens go ("Mein Shop!" → "mein-shop").
 */
export function deriveApplicationSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
