import { useState } from 'react';

/**
 * SPEC §5 (organizations, projects, applications on /projects): lowercase; drop everything but
 * letters, digits, spaces and hyphens; whitespace runs become one hyphen; repeated hyphens
 * collapse. Leading and trailing hyphens go too, as the server's slug rule requires.
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
 * SPEC §5 (applications on a project's page): lowercase and replace every non-alphanumeric
 * character with a hyphen. Hyphen runs collapse and edge hyphens go, so that the result is a
 * slug the server accepts ("Mein Shop!" → "mein-shop").
 */
export function deriveApplicationSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** SPEC §5: a website without http:// or https:// gets https:// prefixed. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * The slug field's value: derived live from `name` until the user types a slug of their own.
 * Returns the value to show and send, and the field's change handler.
 */
export function useDerivedSlug(name: string): [string, (slug: string) => void] {
  const [ownSlug, setOwnSlug] = useState<string | null>(null);
  return [ownSlug ?? deriveSlug(name), setOwnSlug];
}
