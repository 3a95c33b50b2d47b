import { z } from '../../lib/openapi.js';
import { EmailSchema } from '../../core/schemas.js';
import { MAX_PASSWORD_LENGTH } from '../../lib/passwords/index.js';
import { UserSchema } from '../users/index.js';

/** Length below the configured minimum is checked by the service (the minimum is configurable). */
const PasswordSchema = z
  .string()
  .min(1, 'Password is required.')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Must be a 24-character hexadecimal id.');

export const RegisterBodySchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    display_name: z.string().trim().max(100).optional(),
    application_id: ObjectIdSchema.optional(),
  })
  .openapi('RegisterRequest');

export const RegisterResponseSchema = z
  .object({ user: UserSchema, confirmation_required: z.boolean() })
  .openapi('RegisterResponse');

export const LoginBodySchema = z
  .object({ email: EmailSchema, password: PasswordSchema })
  .openapi('LoginRequest');

export const SessionTokensSchema = z
  .object({
    success: z.literal(true),
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().openapi({ description: 'Seconds until the access token expires.' }),
    expires_at: z
      .number()
      .int()
      .openapi({ description: 'Unix time (seconds) at which the access token expires.' }),
    user: UserSchema,
  })
  .openapi('SessionTokens');

export const RefreshBodySchema = z
  .object({ refresh_token: z.string().min(1).max(200) })
  .openapi('RefreshRequest');
export const TokenBodySchema = z.object({ token: z.string().min(1).max(200) }).openapi('TokenRequest');
export const CodeBodySchema = z.object({ code: z.string().min(1).max(200) }).openapi('ExchangeRequest');
export const EmailBodySchema = z.object({ email: EmailSchema }).openapi('EmailRequest');
export const ConfirmQuerySchema = z.object({
  token: z.string().max(200).optional(),
  /** Set in an end user's link: the confirmation redirects to the pool's hosted page. */
  pool: z
    .string()
    .regex(/^[0-9a-f]{24}$/i)
    .optional(),
});

export const SuccessSchema = z
  .object({ success: z.literal(true), message: z.string().optional() })
  .openapi('Success');

export const ConfirmResponseSchema = z
  .object({ success: z.literal(true), user: UserSchema })
  .openapi('ConfirmResponse');

export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean().openapi({ description: 'At least one second factor is turned on.' }),
    methods: z.array(z.string()).openapi({ description: "The second factors turned on, e.g. ['totp']." }),
    recovery_codes_left: z.number().int().openapi({ description: 'Unused recovery codes (0 without TOTP).' }),
    required_by: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .openapi({ description: "The caller's organizations that require two-factor sign-in of members." }),
  })
  .openapi('TwoFactorStatus');

export const MeSchema = UserSchema.extend({
  is_admin: z.boolean().openapi({ description: 'Global administrator (SPEC §6).' }),
  two_factor: TwoFactorStatusSchema,
  mfa_enrollment_required: z.boolean().openapi({
    description:
      'An organization of the caller requires two-factor sign-in and the account has no second factor: the dashboard sends the user to set one up. The API keeps working.',
  }),
}).openapi('Me');

export const UpdateMeBodySchema = z
  .object({
    display_name: z.string().trim().min(1, 'Display name must not be empty.').max(100).optional(),
    password: PasswordSchema.optional(),
    current_password: PasswordSchema.optional(),
  })
  .refine((body) => body.display_name !== undefined || body.password !== undefined, {
    message: 'Send display_name and/or password (with current_password).',
  })
  .openapi('UpdateMeRequest');

export const SessionSchema = z
  .object({
    id: z.string(),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    method: z.enum(['password', 'google', 'passkey', 'email_code']),
    current: z.boolean().openapi({ description: 'The session of the access token making this request.' }),
  })
  .openapi('Session');

export const SessionListSchema = z
  .object({ data: z.array(SessionSchema), next_cursor: z.string().nullable() })
  .openapi('SessionList');

export const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const PasswordResetBodySchema = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('generate'),
      email: EmailSchema,
      application_id: ObjectIdSchema.optional(),
    }),
    z.object({
      action: z.literal('reset'),
      token: z.string().min(1).max(200),
      new_password: PasswordSchema,
      keep_factors: z
        .array(z.string().max(64))
        .max(50)
        .optional()
        .openapi({ description: 'Ids of second factors added during the last 24 hours to keep.' }),
      keep_recent_factors: z
        .boolean()
        .optional()
        .openapi({ description: 'Keep every second factor added during the last 24 hours.' }),
    }),
  ])
  .openapi('PasswordResetRequest');

/** A second factor as the reset screen lists it. */
export const SecondFactorSummarySchema = z
  .object({
    id: z.string(),
    type: z.enum(['totp', 'passkey']),
    name: z.string(),
    added_at: z.string().openapi({ format: 'date-time' }),
    recent: z
      .boolean()
      .openapi({ description: 'Added during the last 24 hours: removed by the reset unless kept.' }),
  })
  .openapi('SecondFactorSummary');

export const PasswordResetCheckBodySchema = z
  .object({ token: z.string().min(1).max(200) })
  .openapi('PasswordResetCheckRequest');

export const PasswordResetCheckSchema = z
  .object({ valid: z.literal(true), factors: z.array(SecondFactorSummarySchema) })
  .openapi('PasswordResetCheck');

export const PasswordResetResponseSchema = SuccessSchema.extend({
  factors_removed: z
    .array(SecondFactorSummarySchema)
    .optional()
    .openapi({ description: 'After a reset: the recent second factors it removed.' }),
}).openapi('PasswordResetResponse');

export const ProvidersSchema = z
  .object({
    providers: z.array(
      z.object({
        id: z.enum(['password', 'google']),
        name: z.string(),
        authorize_url: z.string().nullable(),
      }),
    ),
  })
  .openapi('AuthProviders');

export const VerifyResponseSchema = z
  .object({
    user: UserSchema,
    organizations: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        slug: z.string(),
        role: z
          .string()
          .openapi({ description: 'A built-in role (`admin`, `member`) or a custom role’s name.' }),
      }),
    ),
    context: z.object({
      authenticated_via: z.enum(['session', 'application_session', 'api_token']),
      session_id: z.string().nullable(),
      scopes: z.array(z.string()).nullable(),
      application_id: z.string().nullable(),
    }),
  })
  .openapi('VerifyResponse');

export const JwksSchema = z
  .object({
    keys: z.array(
      z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.literal('sig') }).passthrough(),
    ),
  })
  .openapi('JsonWebKeySet');

/**
 * What a password sign-in of an account with two-factor answers instead of session tokens (the
 * mfa module answers the challenge; the shape is here because sign-in answers it).
 */
export const MfaRequiredSchema = z
  .object({
    mfa_required: z.literal(true),
    mfa_token: z.string().openapi({
      description: 'Short-lived (5 minutes), single-use token for POST /auth/mfa/challenge; not a session.',
    }),
    methods: z.array(z.enum(['totp', 'webauthn'])).openapi({
      description:
        "What the account can answer with: 'totp' (code or recovery_code), 'webauthn' (a passkey: POST /auth/mfa/webauthn/options, then webauthn_response).",
    }),
    expires_in: z.number().int().openapi({ description: 'Seconds until mfa_token expires.' }),
  })
  .openapi('MfaRequired');

/** What a first sign-in factor answers: a session, or the second step of an account with two-factor. */
export const SignInResponseSchema = z.union([SessionTokensSchema, MfaRequiredSchema]);
