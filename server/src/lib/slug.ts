import { z } from './openapi.js';

/**
 * SPEC §5: lowercase; drop everything but letters, digits, spaces and hyphens; runs of
 * whitespace become one hyphen; repeated hyphens collapse. Leading/trailing hyphens are trimmed.
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

export const SlugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is required.')
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens (e.g. "acme-inc").')
  .openapi({ example: 'acme-inc' });

/** SPEC §5: a website without http:// or https:// gets https:// prefixed; then it must be a URL. */
export const WebsiteSchema = z
  .string()
  .trim()
  .max(500)
  .transform((value) => (value && !/^https?:\/\//i.test(value) ? `https://${value}` : value))
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Enter a valid website address.' })]))
  .openapi({ type: 'string', example: 'acme.example' });
