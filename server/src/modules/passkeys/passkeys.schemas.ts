import { z } from '../../lib/openapi.js';

/** base64url as WebAuthn's JSON encodings use it; bounded so a request cannot carry megabytes. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');

const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(64, 'At most 64 characters.')
  .openapi({ example: 'MacBook Touch ID' });

/** The fields every PublicKeyCredential in JSON form has, before and after its ceremony's `response`. */
const credentialId = { id: base64url(1400), rawId: base64url(1400), type: z.literal('public-key') };
const credentialExtras = {
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What @simplewebauthn/browser's startRegistration() answers (RegistrationResponseJSON). */
export const RegistrationResponseSchema = z
  .object({
    ...credentialId,
    response: z.object({
      clientDataJSON: base64url(8192),
      attestationObject: base64url(65536),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
    ...credentialExtras,
  })
  .openapi('WebAuthnRegistrationResponse', {
    description:
      'The credential of navigator.credentials.create() in its JSON form (RegistrationResponseJSON).',
  });

/** What startAuthentication() answers (AuthenticationResponseJSON). */
export const AuthenticationResponseSchema = z
  .object({
    ...credentialId,
    response: z.object({
      clientDataJSON: base64url(8192),
      authenticatorData: base64url(8192),
      signature: base64url(2048),
      userHandle: base64url(128).optional(),
    }),
    ...credentialExtras,
  })
  .openapi('WebAuthnAuthenticationResponse', {
    description:
      'The assertion of navigator.credentials.get() in its JSON form (AuthenticationResponseJSON).',
  });

const optionsDescription =
  'Pass unchanged to @simplewebauthn/browser (`optionsJSON`). The challenge is valid 5 minutes, once.';

export const RegistrationOptionsSchema = z
  .object({ challenge: z.string() })
  .catchall(z.unknown())
  .openapi('WebAuthnRegistrationOptions', {
    description: `PublicKeyCredentialCreationOptionsJSON. ${optionsDescription}`,
  });

export const AuthenticationOptionsSchema = z
  .object({ challenge: z.string() })
  .catchall(z.unknown())
  .openapi('WebAuthnAuthenticationOptions', {
    description: `PublicKeyCredentialRequestOptionsJSON. ${optionsDescription}`,
  });

export const PasskeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    last_used_at: z.string().nullable().openapi({ format: 'date-time' }),
    device_type: z.enum(['singleDevice', 'multiDevice']).openapi({
      description: 'multiDevice: a synced passkey (e.g. iCloud Keychain, Google Password Manager).',
    }),
    backed_up: z.boolean(),
    transports: z.array(z.string()),
  })
  .openapi('Passkey');

export const PasskeyListSchema = z.object({ data: z.array(PasskeySchema) }).openapi('PasskeyList');

export const PasskeyRegisterBodySchema = z
  .object({ name: PasskeyNameSchema.optional(), response: RegistrationResponseSchema })
  .openapi('PasskeyRegisterRequest');

export const PasskeyRenameBodySchema = z.object({ name: PasskeyNameSchema }).openapi('PasskeyRenameRequest');

export const PasskeyIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const MfaTokenBodySchema = z
  .object({ mfa_token: z.string().min(1).max(200) })
  .openapi('MfaWebAuthnOptionsRequest');

export const PasskeySignInBodySchema = z
  .object({ response: AuthenticationResponseSchema })
  .openapi('PasskeySignInRequest');
