import { z } from '../../lib/openapi.js';
import { EmailSchema, ObjectIdParam } from '../../core/schemas.js';
import { SECOND_FACTOR_MODES, SIGN_IN_METHODS, SIGNUP_MODES } from '../../core/pools.js';
import { POOL_LOCALES } from './pools.model.js';

/** Bounds of a pool's settings (docs/user-pools.md, "Settings"). */
export const POOL_LIMITS = {
  passwordMinLength: { min: 6, max: 128 },
  /** As ACCESS_TOKEN_TTL_S: one minute to one day. */
  sessionLifetimeSeconds: { min: 60, max: 86_400 },
  /** As REFRESH_TOKEN_TTL_S: one hour to one year. */
  refreshLifetimeSeconds: { min: 3_600, max: 31_536_000 },
  redirectUrls: 50,
  urlLength: 500,
} as const;

export const PoolParams = z.object({ project_id: ObjectIdParam });

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Whether the host is this machine: a development redirect target that need not be https. */
function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname) || /^127(?:\.\d{1,3}){3}$/.test(url.hostname);
}

/**
 * Where a hosted page may send the browser back with a code: an absolute https URL (http only on
 * loopback, for development), without user name, password or fragment. Compared exactly, so it
 * is stored as the URL parser writes it (lower-case host, default port dropped).
 */
export const RedirectUrlSchema = z
  .string()
  .trim()
  .max(POOL_LIMITS.urlLength, `A redirect URL has at most ${POOL_LIMITS.urlLength} characters.`)
  .transform((value, ctx) => {
    const url = parseUrl(value);
    const problem = !url
      ? 'is not an absolute URL'
      : url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url))
        ? 'must use https (http only on localhost, 127.0.0.1 or [::1])'
        : url.username || url.password
          ? 'must not contain a user name or password'
          : value.includes('#')
            ? 'must not contain a fragment (#…)'
            : null;
    if (!problem) return url!.href;
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" ${problem}, e.g. https://shop.example.com/callback.`,
    });
    return z.NEVER;
  })
  .openapi({ type: 'string', format: 'uri', example: 'https://shop.example.com/callback' });

/** A logo the hosted pages load: https only, so they never mix content. */
const LogoUrlSchema = z
  .string()
  .trim()
  .max(POOL_LIMITS.urlLength, `The logo URL has at most ${POOL_LIMITS.urlLength} characters.`)
  .refine((value) => {
    const url = parseUrl(value);
    return url !== null && url.protocol === 'https:' && !url.username && !url.password;
  }, 'The logo URL must be an absolute https URL, e.g. https://shop.example.com/logo.svg.')
  .openapi({ type: 'string', format: 'uri', example: 'https://shop.example.com/logo.svg' });

const ColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The primary colour must be #rrggbb, e.g. #4f46e5.')
  .transform((value) => value.toLowerCase())
  .openapi({ type: 'string', example: '#4f46e5' });

const SignupSchema = z.enum(SIGNUP_MODES, {
  error: () => `signup must be one of: ${SIGNUP_MODES.join(', ')}.`,
});
const MethodSchema = z.enum(SIGN_IN_METHODS, {
  error: () => `Each sign-in method must be one of: ${SIGN_IN_METHODS.join(', ')}.`,
});
const SecondFactorSchema = z.enum(SECOND_FACTOR_MODES, {
  error: () => `second_factor must be one of: ${SECOND_FACTOR_MODES.join(', ')}.`,
});
const LocaleSchema = z.enum(POOL_LOCALES, { error: () => 'locale must be de or en.' });

function integerIn(name: string, bounds: { min: number; max: number }) {
  const message = `${name} must be a whole number from ${bounds.min} to ${bounds.max}.`;
  return z.number({ error: message }).int(message).min(bounds.min, message).max(bounds.max, message);
}

// ---------------------------------------------------------------------------------------------
// Answers

export const PoolBrandingSchema = z
  .object({
    display_name: z
      .string()
      .openapi({ description: 'Shown on the hosted pages; default the project’s name.' }),
    logo_url: z.string().nullable(),
    primary_color: z.string().openapi({ example: '#4f46e5' }),
    locale: z.enum(POOL_LOCALES).openapi({ description: 'The hosted pages’ and mails’ default language.' }),
    support_email: z.string().nullable(),
  })
  .openapi('PoolBranding');

export const PoolSettingsSchema = z
  .object({
    project_id: z.string(),
    signup: z.enum(SIGNUP_MODES).openapi({
      description: '`open`: anyone may sign up; `invite`: only invited addresses; `closed`: no sign-up.',
    }),
    methods: z.array(z.enum(SIGN_IN_METHODS)).openapi({ description: 'The sign-in methods offered.' }),
    password_min_length: z.number().int(),
    second_factor: z.enum(SECOND_FACTOR_MODES).openapi({
      description: '`off`: not offered; `optional`: users may add one; `required`: every sign-in needs one.',
    }),
    session_lifetime_seconds: z.number().int().openapi({ description: 'Lifetime of an access token.' }),
    refresh_lifetime_seconds: z.number().int().openapi({ description: 'Lifetime of a refresh token.' }),
    google: z
      .object({
        client_id: z.string(),
        client_secret_set: z.boolean().openapi({
          description: 'Whether a client secret is stored; the secret itself is never answered.',
        }),
      })
      .nullable()
      .openapi({ description: 'The pool’s own Google OAuth client; null: none.' }),
    branding: PoolBrandingSchema,
    redirect_urls: z.array(z.string()),
    updated_at: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'null while every setting is its default.' }),
  })
  .openapi('PoolSettings');

export const PublicPoolSchema = z
  .object({
    project_id: z.string(),
    application_id: z.string().openapi({
      description:
        'The application the hosted pages act for (`X-Application-ID` of the embedding API): `client_id` when it is an active application of this project, else the project’s oldest active application.',
    }),
    branding: PoolBrandingSchema,
    signup: z.enum(SIGNUP_MODES),
    methods: z.array(z.enum(SIGN_IN_METHODS)),
    password_min_length: z.number().int(),
    second_factor: z.enum(SECOND_FACTOR_MODES),
  })
  .openapi('PublicPool');

// ---------------------------------------------------------------------------------------------
// Requests

export const PublicPoolQuery = z.object({
  client_id: ObjectIdParam.optional().openapi({
    description: 'An application id of this project; another project’s is ignored.',
  }),
});

const BrandingChangesSchema = z
  .object({
    display_name: z
      .string({ error: 'display_name must be text.' })
      .trim()
      .max(100, 'display_name has at most 100 characters.')
      .nullable()
      .optional()
      .openapi({ description: 'Empty or null: the project’s name.' }),
    logo_url: z
      .union([z.literal(''), LogoUrlSchema])
      .nullable()
      .optional(),
    primary_color: ColorSchema.optional(),
    locale: LocaleSchema.optional(),
    support_email: z
      .union([z.literal(''), EmailSchema])
      .nullable()
      .optional(),
  })
  .openapi('PoolBrandingChanges');

const GoogleChangesSchema = z
  .object({
    client_id: z
      .string({ error: 'google.client_id is required.' })
      .trim()
      .min(1, 'google.client_id is required.')
      .max(300, 'google.client_id has at most 300 characters.'),
    client_secret: z
      .string({ error: 'google.client_secret must be text.' })
      .trim()
      .min(1, 'google.client_secret must not be empty; leave it out to keep the stored one.')
      .max(300, 'google.client_secret has at most 300 characters.')
      .optional()
      .openapi({ description: 'Write-only. Leave it out to keep the stored secret (same client_id only).' }),
  })
  .nullable()
  .openapi({ description: 'The pool’s own Google OAuth client; null removes it.' });

/** Fields whose change needs a fresh proof of identity (step-up): how users sign in and where codes go. */
export const SENSITIVE_POOL_FIELDS = [
  'methods',
  'second_factor',
  'google',
  'redirect_urls',
  'password_min_length',
  'session_lifetime_seconds',
  'refresh_lifetime_seconds',
] as const;

export const UpdatePoolSchema = z
  .object({
    signup: SignupSchema.optional(),
    methods: z
      .array(MethodSchema, { error: 'methods must be a list, e.g. ["password", "passkey"].' })
      .min(1, 'Keep at least one sign-in method.')
      .max(SIGN_IN_METHODS.length)
      .refine((methods) => new Set(methods).size === methods.length, 'Name each sign-in method once.')
      .optional(),
    password_min_length: integerIn('password_min_length', POOL_LIMITS.passwordMinLength).optional(),
    second_factor: SecondFactorSchema.optional(),
    session_lifetime_seconds: integerIn(
      'session_lifetime_seconds',
      POOL_LIMITS.sessionLifetimeSeconds,
    ).optional(),
    refresh_lifetime_seconds: integerIn(
      'refresh_lifetime_seconds',
      POOL_LIMITS.refreshLifetimeSeconds,
    ).optional(),
    google: GoogleChangesSchema.optional(),
    branding: BrandingChangesSchema.optional(),
    redirect_urls: z
      .array(RedirectUrlSchema, { error: 'redirect_urls must be a list of URLs.' })
      .max(POOL_LIMITS.redirectUrls, `At most ${POOL_LIMITS.redirectUrls} redirect URLs.`)
      .transform((urls) => [...new Set(urls)])
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change.',
  })
  .openapi('UpdatePoolRequest');

export type UpdatePoolInput = z.infer<typeof UpdatePoolSchema>;
