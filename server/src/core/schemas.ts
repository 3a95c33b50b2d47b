import { z } from '../lib/openapi.js';

/**
 * Request schemas every module's routes share. Each is registered with the OpenAPI document
 * wherever a route uses it, so their messages are what API clients read.
 */

/** A MongoDB ObjectId in a path: 24 hex digits. */
export const ObjectIdParam = z.string().regex(/^[0-9a-f]{24}$/i, 'Not a valid id.');
export const IdParams = z.object({ id: ObjectIdParam });

/** Trimmed and lower-cased before it is checked; objects such as `{"$gt": ""}` are refused. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }))
  .openapi({ type: 'string', format: 'email', example: 'ada@example.com' });

/** A required string whose absence is reported as `message` rather than zod's type error. */
export function requiredText(message: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? message : 'Must be text.') })
    .trim()
    .min(1, message);
}

export const HttpUrlSchema = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter a valid http(s) URL.' }))
  .openapi({ type: 'string', format: 'uri', example: 'https://github.com/acme/shop' });
