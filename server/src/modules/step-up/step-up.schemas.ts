import { z } from '../../lib/openapi.js';
import { ErrorResponseSchema } from '../../lib/openapi.js';
import { AuthenticationResponseSchema } from '../passkeys/index.js';

/** The proofs a step-up accepts, as the refusal lists them. */
export const STEP_UP_METHODS = ['password', 'totp', 'passkey'] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

export const ReauthenticateBodySchema = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    code: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: 'A current code from the authenticator app, or one of the recovery codes.' }),
    webauthn_response: AuthenticationResponseSchema.optional().openapi({
      description: 'An assertion for the options of POST /auth/reauthenticate/passkey-options.',
    }),
  })
  .refine(
    (body) =>
      [body.password, body.code, body.webauthn_response].filter((proof) => proof !== undefined).length === 1,
    { message: 'Send one of password, code or webauthn_response.' },
  )
  .openapi('ReauthenticateRequest');

export const ReauthenticatedSchema = z
  .object({
    auth_time: z.iso.datetime().openapi({ description: 'When the proof was accepted.' }),
    reauthenticate_before: z.iso.datetime().openapi({
      description: 'Until then, routes that need a fresh proof accept this session (10 minutes).',
    }),
  })
  .openapi('Reauthenticated');

export const ReauthenticationRequiredSchema = ErrorResponseSchema.extend({
  methods: z
    .array(z.enum(STEP_UP_METHODS))
    .optional()
    .openapi({ description: 'With reauthentication_required: the proofs this account can give.' }),
  max_age_seconds: z
    .number()
    .int()
    .optional()
    .openapi({ description: 'With reauthentication_required: how long a proof stays fresh (600).' }),
}).openapi('ReauthenticationRequiredError');
