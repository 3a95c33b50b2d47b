import { normalizeWebsite } from '@iam-platform/common';
import { z } from './openapi.js';

/**
 * SPEC §5: a slug is lowercase letters, digits and single hyphens. The dashboard derives one from a
 * name as it is typed, and the server for applications sent without one (`deriveSlug` /
 * `deriveApplicationSlug` of @iam-platform/common): both spell German letters out as users expect
 * ("Müller & Söhne" → "mueller-soehne", issue #36). A slug typed by hand is checked, not rewritten;
 * the message shows how to write such a name.
 */
export const SlugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is required.')
  .max(64)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lowercase letters a–z, digits and single hyphens (e.g. "acme-inc"; "Müller & Söhne" → "mueller-soehne").',
  )
  .openapi({ example: 'acme-inc' });

/** SPEC §5: a website without http:// or https:// gets https:// prefixed; then it must be a URL. */
export const WebsiteSchema = z
  .string()
  .trim()
  .max(500)
  .transform(normalizeWebsite)
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Enter a valid website address.' })]))
  .openapi({ type: 'string', example: 'acme.example' });
