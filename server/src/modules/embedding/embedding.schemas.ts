import { z } from '../../lib/openapi.js';
import { MAX_PASSWORD_LENGTH } from '../../lib/passwords/index.js';
import { EmailSchema } from '../../core/schemas.js';
import { MfaChallengeBodySchema } from '../mfa/index.js';
import { AnonymousIdSchema, InstallationIdSchema } from '../telemetry/index.js';
import { UserSchema } from '../users/index.js';

const PasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);

/** The SDK's identifiers: on success they are linked to the account, as POST /api/v1/identify does. */
const anonymousIdentifiers = {
  anonymous_id: AnonymousIdSchema.optional(),
  installation_id: InstallationIdSchema.optional(),
};

export const EmbeddingLoginSchema = z
  .object({ email: EmailSchema, password: PasswordSchema, ...anonymousIdentifiers })
  .openapi('EmbeddingLoginRequest');

/**
 * The second sign-in step on the embedding API: the body of POST /api/v1/auth/mfa/challenge, plus
 * the SDK's identifiers (linked on success, as at login).
 */
export const EmbeddingMfaChallengeSchema = MfaChallengeBodySchema.and(z.object(anonymousIdentifiers)).openapi(
  'EmbeddingMfaChallengeRequest',
);

export const EmbeddingRegisterSchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    display_name: z.string().trim().max(100).optional(),
    ...anonymousIdentifiers,
  })
  .openapi('EmbeddingRegisterRequest');

export const EmbeddingEmailSchema = z.object({ email: EmailSchema }).openapi('EmbeddingEmailRequest');

export const EmbeddingAcceptedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .openapi('EmbeddingAccepted');

export const OriginCheckQuerySchema = z.object({
  application_id: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: 'Id of the application the page wants to call.' }),
});

export const OriginCheckResponseSchema = z
  .object({ allowed: z.literal(true), origin: z.string().nullable() })
  .openapi('EmbeddingOriginCheck');

export const EmbeddingRefreshSchema = z
  .object({ refresh_token: z.string().min(1).max(200) })
  .openapi('EmbeddingRefreshRequest');

export const EmbeddingSessionSchema = z
  .object({
    token: z.string().openapi({ description: 'The access JWT; send it as `Authorization: Bearer …`.' }),
    refresh_token: z.string(),
    expires_at: z.number().int().openapi({ description: 'Unix time (seconds) at which `token` expires.' }),
    user: UserSchema,
    second_factor_enrollment_required: z.literal(true).optional().openapi({
      description:
        "Present when the application's user pool requires a second factor and the account has none: the token only sets one up (POST /api/v1/auth/mfa/totp, passkeys) and reads /api/v1/auth/me; every other route answers 403 second_factor_enrollment_required. Sign in again afterwards.",
    }),
  })
  .openapi('EmbeddingSession');

export const EmbeddingRegisterResponseSchema = z
  .object({ user: UserSchema, confirmation_required: z.boolean() })
  .openapi('EmbeddingRegisterResponse');

export const EmbeddingVerifyResponseSchema = z
  .object({ user: UserSchema, application_id: z.string() })
  .openapi('EmbeddingVerifyResponse');

export const EmbeddingPermissionsSchema = z
  .object({
    application_id: z.string(),
    role: z.string().nullable().openapi({
      description:
        "The caller's role in the organization that owns the application (a built-in role or a custom role's name); null for the application's end users (its user pool).",
    }),
    roles: z.array(z.string()).openapi({
      description:
        "The end user's application roles (the project's roles they hold; names, sorted). Empty for the organization's members.",
    }),
    permissions: z.object({
      read: z.boolean(),
      write: z.boolean(),
      delete: z.boolean(),
      manage_members: z.boolean(),
    }),
    application_permissions: z.array(z.string()).openapi({
      description:
        "The application permissions these roles grant (the project's permission names, sorted, each once). Empty for the organization's members.",
    }),
  })
  .openapi('EmbeddingPermissions');

/** The header every embedding route needs (documented; checked by the embedding gate). */
export const ApplicationHeaderSchema = z.object({
  'x-application-id': z
    .string()
    .regex(/^[0-9a-f]{24}$/i)
    .openapi({
      description: 'Id of an active application; its allowed_origins decide which browser origins may call.',
    }),
});
