import { z } from '../../lib/openapi.js';
import { AuthenticationResponseSchema } from './passkeys.schemas.js';

/** Six digits as the authenticator app shows them; spaces are tolerated. */
const TotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))
  .openapi({ type: 'string', example: '123456' });

const RecoveryCodeSchema = z
  .string()
  .min(1)
  .max(64)
  .openapi({ example: 'k3m9p-x7q2w', description: 'One of the recovery codes shown at enrolment.' });

export const TotpEnrolmentSchema = z
  .object({
    secret: z.string().openapi({ description: 'Base32 secret, for entering by hand.' }),
    otpauth_url: z.string().openapi({ description: 'otpauth://totp/… URI for a QR code (Key Uri Format).' }),
  })
  .openapi('TotpEnrolment');

export const TotpConfirmBodySchema = z.object({ code: TotpCodeSchema }).openapi('TotpConfirmRequest');

export const RecoveryCodesSchema = z
  .object({
    recovery_codes: z
      .array(z.string())
      .openapi({ description: '10 single-use codes; shown only in this response.' }),
  })
  .openapi('RecoveryCodes');

/** Proof for changing the factor: the password or a current code. */
export const MfaProofBodySchema = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    code: TotpCodeSchema.optional(),
  })
  .openapi('MfaProofRequest');

/** What a password sign-in of an account with two-factor answers instead of session tokens. */
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

export const MfaChallengeBodySchema = z
  .object({
    mfa_token: z.string().min(1).max(200),
    code: TotpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
    webauthn_response: AuthenticationResponseSchema.optional(),
  })
  .refine(
    (body) =>
      [body.code, body.recovery_code, body.webauthn_response].filter((answer) => answer !== undefined)
        .length === 1,
    { message: 'Send one of code, recovery_code or webauthn_response.' },
  )
  .openapi('MfaChallengeRequest');
