import type { Config } from '../../config.js';
import { AppError, CommonErrors, type ErrorDetail } from '../../lib/errors.js';
import { PLATFORM_POOL, type PoolBranding, type PoolSettings, type SignInMethod } from '../../core/pools.js';
import type { ProjectDocument } from '../projects/index.js';
import type { PoolDocument } from './pools.model.js';
import type { UpdatePoolInput } from './pools.schemas.js';

/**
 * A pool's settings computed from what is stored: pure functions, no database. The service
 * (pools.service.ts) reads and writes; this file decides what the stored fields mean.
 */

type AuthConfig = Config['auth'];

/** Defaults of a project's pool that are not the server's configuration (docs/user-pools.md). */
export const POOL_DEFAULTS = {
  signup: 'open',
  methods: ['password', 'passkey', 'email_code'] as readonly SignInMethod[],
  second_factor: 'optional',
  primary_color: '#4f46e5',
  locale: 'de',
} as const;

/** The dashboard's own accounts: the server's configuration, not a stored document. */
const PLATFORM_DISPLAY_NAME = 'IAM Platform';

/** A pool's settings as the API answers them: the Google client secret only as `client_secret_set`. */
export interface PoolSettingsView {
  project_id: string;
  signup: PoolSettings['signup'];
  methods: SignInMethod[];
  password_min_length: number;
  second_factor: PoolSettings['second_factor'];
  session_lifetime_seconds: number;
  refresh_lifetime_seconds: number;
  google: { client_id: string; client_secret_set: boolean } | null;
  branding: PoolBranding;
  redirect_urls: string[];
  updated_at: string | null;
}

/** The configured values every pool starts from. */
function configured(auth: AuthConfig) {
  return {
    password_min_length: auth.passwordMinLength,
    session_lifetime_seconds: auth.accessTokenTtlS,
    refresh_lifetime_seconds: auth.refreshTokenTtlS,
  };
}

/** The platform pool (dashboard and team accounts): what the server is configured to do. */
export function platformSettings(auth: AuthConfig): PoolSettings {
  return {
    pool_id: PLATFORM_POOL,
    signup: 'open',
    methods: ['password', 'google', 'passkey'],
    ...configured(auth),
    second_factor: 'optional',
    google: auth.google ? { client_id: auth.google.clientId, client_secret: auth.google.clientSecret } : null,
    branding: {
      display_name: PLATFORM_DISPLAY_NAME,
      logo_url: null,
      primary_color: POOL_DEFAULTS.primary_color,
      locale: POOL_DEFAULTS.locale,
      support_email: null,
    },
    redirect_urls: [auth.dashboardUrl],
  };
}

/** A project's pool: its stored changes over the defaults (a field not stored takes its default). */
export function settingsFrom(
  auth: AuthConfig,
  project: Pick<ProjectDocument, '_id' | 'name'>,
  stored: PoolDocument | null,
): PoolSettings {
  const defaults = configured(auth);
  const branding = stored?.branding ?? {};
  return {
    pool_id: String(project._id),
    signup: stored?.signup ?? POOL_DEFAULTS.signup,
    methods: [...(stored?.methods ?? POOL_DEFAULTS.methods)],
    password_min_length: stored?.password_min_length ?? defaults.password_min_length,
    second_factor: stored?.second_factor ?? POOL_DEFAULTS.second_factor,
    session_lifetime_seconds: stored?.session_lifetime_seconds ?? defaults.session_lifetime_seconds,
    refresh_lifetime_seconds: stored?.refresh_lifetime_seconds ?? defaults.refresh_lifetime_seconds,
    google: stored?.google
      ? { client_id: stored.google.client_id, client_secret: stored.google.client_secret }
      : null,
    branding: {
      display_name: branding.display_name || project.name,
      logo_url: branding.logo_url ?? null,
      primary_color: branding.primary_color ?? POOL_DEFAULTS.primary_color,
      locale: branding.locale ?? POOL_DEFAULTS.locale,
      support_email: branding.support_email ?? null,
    },
    redirect_urls: [...(stored?.redirect_urls ?? [])],
  };
}

export function settingsView(settings: PoolSettings, stored: PoolDocument | null): PoolSettingsView {
  return {
    project_id: settings.pool_id,
    signup: settings.signup,
    methods: settings.methods,
    password_min_length: settings.password_min_length,
    second_factor: settings.second_factor,
    session_lifetime_seconds: settings.session_lifetime_seconds,
    refresh_lifetime_seconds: settings.refresh_lifetime_seconds,
    google: settings.google
      ? { client_id: settings.google.client_id, client_secret_set: settings.google.client_secret !== '' }
      : null,
    branding: settings.branding,
    redirect_urls: settings.redirect_urls,
    updated_at: stored ? stored.updated_at.toISOString() : null,
  };
}

/** A change as MongoDB writes it, and the settings it leads to. */
export interface PoolChangePlan {
  set: Record<string, unknown>;
  unset: Record<string, ''>;
  next: PoolSettings;
}

const SCALAR_FIELDS = [
  'signup',
  'methods',
  'password_min_length',
  'second_factor',
  'session_lifetime_seconds',
  'refresh_lifetime_seconds',
  'redirect_urls',
] as const;

const BRANDING = 'branding.';

/**
 * The $set/$unset of a PATCH body over the stored document, checked as a whole: Google sign-in
 * needs a Google client, a refresh token lives at least as long as its access token, and a new
 * client id comes with its secret. Throws 400 validation_failed (nothing is written) otherwise.
 */
export function planChange(
  auth: AuthConfig,
  project: Pick<ProjectDocument, '_id' | 'name'>,
  current: PoolDocument | null,
  changes: UpdatePoolInput,
): PoolChangePlan {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  const details: ErrorDetail[] = [];
  for (const field of SCALAR_FIELDS) if (changes[field] !== undefined) set[field] = changes[field];

  if (changes.google === null) unset.google = '';
  else if (changes.google) {
    const { client_id, client_secret } = changes.google;
    // The stored secret stays only with its own client id.
    const kept = current?.google?.client_id === client_id ? current.google.client_secret : undefined;
    const secret = client_secret ?? kept;
    if (secret === undefined)
      details.push({
        path: 'body.google.client_secret',
        message: 'Send the client secret with a new Google client id (google.client_secret).',
      });
    else set.google = { client_id, client_secret: secret };
  }

  for (const [field, value] of Object.entries(changes.branding ?? {})) {
    if (value === undefined) continue;
    // An emptied field takes its default again (display name: the project's name).
    if (value === '' || value === null) unset[`${BRANDING}${field}`] = '';
    else set[`${BRANDING}${field}`] = value;
  }

  const next = settingsFrom(auth, project, applied(current, set, unset));
  details.push(...conflicts(next, changes));
  if (details.length > 0) {
    const first = details[0]!;
    throw new AppError(CommonErrors.VALIDATION_FAILED, {
      message: `${first.path}: ${first.message}`,
      details,
    });
  }
  return { set, unset, next };
}

/** Problems of the settings as a whole, named by the field the client sent. */
function conflicts(next: PoolSettings, changes: UpdatePoolInput): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (next.methods.includes('google') && !next.google)
    details.push({
      path: changes.methods ? 'body.methods' : 'body.google',
      message:
        'Google sign-in needs the pool’s own Google client: send google.client_id and google.client_secret, or remove "google" from methods.',
    });
  if (next.refresh_lifetime_seconds < next.session_lifetime_seconds)
    details.push({
      path:
        changes.refresh_lifetime_seconds !== undefined
          ? 'body.refresh_lifetime_seconds'
          : 'body.session_lifetime_seconds',
      message: `refresh_lifetime_seconds (${next.refresh_lifetime_seconds}) must not be shorter than session_lifetime_seconds (${next.session_lifetime_seconds}).`,
    });
  return details;
}

/** The stored document as it will be after the change. */
function applied(
  current: PoolDocument | null,
  set: Record<string, unknown>,
  unset: Record<string, ''>,
): PoolDocument {
  const after: Record<string, unknown> = structuredClone(current ?? {});
  const branding: Record<string, unknown> = { ...(current?.branding ?? {}) };
  for (const [path, value] of Object.entries(set)) {
    if (path.startsWith(BRANDING)) branding[path.slice(BRANDING.length)] = value;
    else after[path] = value;
  }
  for (const path of Object.keys(unset)) {
    if (path.startsWith(BRANDING)) delete branding[path.slice(BRANDING.length)];
    else delete after[path];
  }
  after.branding = branding;
  return after as unknown as PoolDocument;
}

/** What the audit entry tells about a change: the fields sent and their new values, never the secret. */
export function auditMetadata(changes: UpdatePoolInput, next: PoolSettings) {
  const fields = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);
  const changed: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'google')
      changed.google = next.google
        ? { client_id: next.google.client_id, client_secret_changed: Boolean(changes.google?.client_secret) }
        : null;
    else changed[field] = next[field as keyof PoolSettings];
  }
  return { fields, changes: changed };
}
