import { z } from '../../lib/openapi.js';
import { TotpCodeSchema } from '../../core/second-factor.js';
import { AuthenticationResponseSchema } from '../passkeys/index.js';

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
