import { z } from '../../lib/openapi.js';
import { OIDC_AUTH_METHODS, OIDC_CLIENT_TYPES, OIDC_GRANT_TYPES } from '../../core/oidc-clients.js';
import {
  ACCESS_TOKEN_TTL_RANGE,
  apiScopeProblem,
  MAX_API_IDENTIFIER_LENGTH,
  MAX_API_SCOPES,
  MAX_REDIRECT_URIS,
  MAX_URI_LENGTH,
  REFRESH_TOKEN_TTL_RANGE,
} from './applications.oidc.js';

/** The longest overlap of a rotated client secret (7 days), and the default (1 day). */
export const MAX_SECRET_OVERLAP_S = 604_800;
export const DEFAULT_SECRET_OVERLAP_S = 86_400;

/** An application's OpenID Connect settings as the API answers them (never a secret). */
export const OidcSettingsSchema = z
  .object({
    client_id: z.string().openapi({ description: 'The client id: the application id.' }),
    issuer: z.string().openapi({
      description: 'The issuer of the project’s user pool: `{PUBLIC_URL}/oidc/{project_id}`.',
    }),
    client_type: z.enum(OIDC_CLIENT_TYPES).nullable().openapi({
      description: '`null`: the application is no OpenID client (the provider finds none).',
    }),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    grant_types: z.array(z.enum(OIDC_GRANT_TYPES)),
    first_party: z.boolean().openapi({ description: 'true: no consent screen.' }),
    token_endpoint_auth_method: z.enum(OIDC_AUTH_METHODS),
    jwks_uri: z.string().nullable(),
    backchannel_logout_uri: z.string().nullable(),
    access_token_ttl_s: z.number().int().nullable(),
    refresh_token_ttl_s: z.number().int().nullable(),
    api_identifier: z.string().nullable().openapi({
      description: 'This application as an API: the `aud` of access tokens requested with `resource=<it>`.',
    }),
    api_scopes: z.array(z.string()),
    client_secret_set: z.boolean(),
    client_secret_created_at: z.iso.datetime().nullable(),
  })
  .openapi('ApplicationOidc');

/** '' (an emptied form field) is null. */
const optionalUri = (max: number) =>
  z
    .union([z.literal(''), z.string().max(max, `At most ${max} characters.`)])
    .nullable()
    .transform((value) => (value === '' ? null : value));

function lifetime(range: { min: number; max: number }, example: number, what: string) {
  const message = `${what} must be a whole number of seconds from ${range.min} to ${range.max}, e.g. ${example}, or null for the default.`;
  return z.number({ error: message }).int(message).min(range.min, message).max(range.max, message).nullable();
}

const UriListSchema = (what: string, example: string) =>
  z
    .array(
      z.string({ error: `Each ${what} is a string, e.g. "${example}".` }).max(MAX_URI_LENGTH, {
        error: `At most ${MAX_URI_LENGTH} characters, e.g. "${example}".`,
      }),
      { error: `${what}s are a list, e.g. ["${example}"].` },
    )
    .max(MAX_REDIRECT_URIS, `At most ${MAX_REDIRECT_URIS} ${what}s.`);

/**
 * `oidc` of a PATCH: any of the fields, merged into what is stored and checked as a whole (the
 * service: client type rules, redirect URIs). What GET answers besides (`client_id`, `issuer`,
 * `client_secret_set`, …) is ignored, so a client may send back what it read.
 */
export const UpdateOidcSchema = z
  .object({
    client_type: z
      .enum(OIDC_CLIENT_TYPES, {
        error: () => `client_type must be one of ${OIDC_CLIENT_TYPES.join(', ')} or null, e.g. "web".`,
      })
      .nullable()
      .optional(),
    redirect_uris: UriListSchema('redirect URI', 'https://app.example.com/callback').optional(),
    post_logout_redirect_uris: UriListSchema(
      'post-logout redirect URI',
      'https://app.example.com/',
    ).optional(),
    grant_types: z
      .array(
        z.enum(OIDC_GRANT_TYPES, {
          error: () => `Each grant type is one of ${OIDC_GRANT_TYPES.join(', ')}, e.g. "authorization_code".`,
        }),
      )
      .optional(),
    first_party: z.boolean({ error: 'first_party is true or false, e.g. true.' }).optional(),
    token_endpoint_auth_method: z
      .enum(OIDC_AUTH_METHODS, {
        error: () =>
          `token_endpoint_auth_method must be one of ${OIDC_AUTH_METHODS.join(', ')}, e.g. "client_secret_basic".`,
      })
      .optional(),
    jwks_uri: optionalUri(MAX_URI_LENGTH).optional(),
    backchannel_logout_uri: optionalUri(MAX_URI_LENGTH).optional(),
    access_token_ttl_s: lifetime(ACCESS_TOKEN_TTL_RANGE, 3600, 'access_token_ttl_s').optional(),
    refresh_token_ttl_s: lifetime(REFRESH_TOKEN_TTL_RANGE, 2_592_000, 'refresh_token_ttl_s').optional(),
    api_identifier: optionalUri(MAX_API_IDENTIFIER_LENGTH).optional(),
    api_scopes: z
      .array(
        z.string({ error: 'Each API scope is a string, e.g. "invoice:read".' }).superRefine((value, ctx) => {
          const problem = apiScopeProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      )
      .max(MAX_API_SCOPES, `At most ${MAX_API_SCOPES} API scopes.`)
      .optional(),
  })
  .openapi('UpdateApplicationOidc', {
    description:
      'Changing it needs an admin of the organization and a fresh proof of identity (step-up); API tokens cannot.',
  });

export const RotateOidcSecretSchema = z
  .object({
    overlap_seconds: z
      .number({ error: `overlap_seconds is a whole number from 0 to ${MAX_SECRET_OVERLAP_S}, e.g. 86400.` })
      .int(`overlap_seconds is a whole number from 0 to ${MAX_SECRET_OVERLAP_S}, e.g. 86400.`)
      .min(0, `overlap_seconds is a whole number from 0 to ${MAX_SECRET_OVERLAP_S}, e.g. 86400.`)
      .max(MAX_SECRET_OVERLAP_S, `overlap_seconds is at most ${MAX_SECRET_OVERLAP_S} (7 days), e.g. 86400.`)
      .default(DEFAULT_SECRET_OVERLAP_S)
      .openapi({ description: 'How long the previous secret keeps working (default one day).' }),
  })
  .openapi('RotateOidcSecretRequest');

export const OidcSecretSchema = z
  .object({
    client_secret: z.string().openapi({ description: 'Shown once: only its SHA-256 is stored.' }),
    created_at: z.iso.datetime(),
    previous_secret_expires_at: z.iso.datetime().nullable().openapi({
      description: 'Until when the previous secret still works; null for a first secret.',
    }),
  })
  .openapi('OidcClientSecret');
