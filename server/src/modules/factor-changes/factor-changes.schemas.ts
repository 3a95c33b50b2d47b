import { z } from '../../lib/openapi.js';
import { LOCALES } from '../../core/mail.js';

const UndoToken = z.string().max(200);
const CHANGE_KINDS = [
  'passkey_added',
  'passkey_removed',
  'totp_enabled',
  'totp_disabled',
  'recovery_codes_regenerated',
] as const;

/** `lang` picks the page's language (the mail puts its own in the link); anything else is German. */
const Lang = z
  .string()
  .max(10)
  .optional()
  .transform((value) =>
    (LOCALES as readonly string[]).includes(value ?? '') ? (value as 'de' | 'en') : 'de',
  );

export const UndoLinkQuery = z.object({ token: UndoToken.optional(), lang: Lang });

export const UndoLinkRequestSchema = z
  .object({ token: UndoToken.min(1, 'The token is required.') })
  .openapi('FactorChangeUndoRequest');

export const UndoLinkViewSchema = z
  .object({
    kind: z.enum(CHANGE_KINDS),
    name: z.string().nullable().openapi({ description: 'The passkey’s name, for an added passkey.' }),
    changed_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('FactorChangeUndoLink');

export const UndoResultSchema = UndoLinkViewSchema.extend({
  factor_removed: z.boolean(),
  sessions_ended: z.number().int(),
  api_tokens_revoked: z.number().int(),
}).openapi('FactorChangeUndoResult');
