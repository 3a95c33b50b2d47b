/**
 * User pools (docs/user-pools.md): every account belongs to exactly one pool. The dashboard's own
 * team accounts form the platform pool; each project has one pool for the end users of all its
 * applications. An account is unique by (pool, e-mail), and a session, its tokens and every
 * look-up by e-mail stay inside one pool.
 *
 * This contract is shared: the users module stores `pool_id`, the auth module scopes sign-in by it,
 * the embedding gate names the pool of the application a request is for, and the pools module
 * answers each pool's settings.
 */

/** The pool of the dashboard's own accounts (organization owners and members). */
export const PLATFORM_POOL = 'platform';

/** A project's pool is addressed by the project id. */
export function poolOfProject(projectId: { toString(): string }): string {
  return String(projectId);
}

export function isPlatformPool(poolId: string | null | undefined): boolean {
  return poolId === undefined || poolId === null || poolId === PLATFORM_POOL;
}

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
export const SIGN_IN_METHODS = ['password', 'google', 'passkey', 'email_code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export const SECOND_FACTOR_MODES = ['off', 'optional', 'required'] as const;
export type SecondFactorMode = (typeof SECOND_FACTOR_MODES)[number];

export interface PoolBranding {
  display_name: string;
  logo_url: string | null;
  primary_color: string;
  locale: 'de' | 'en';
  support_email: string | null;
}

/** What identity does in one pool; the platform pool answers the server's configuration. */
export interface PoolSettings {
  pool_id: string;
  signup: SignupMode;
  methods: SignInMethod[];
  password_min_length: number;
  second_factor: SecondFactorMode;
  session_lifetime_seconds: number;
  refresh_lifetime_seconds: number;
  /** The pool's own Google OAuth client; null = Google sign-in not configured for the pool. */
  google: { client_id: string; client_secret: string } | null;
  branding: PoolBranding;
  redirect_urls: string[];
}

/** Implemented by the pools module; late-bound into the auth service. */
export interface PoolSettingsSource {
  settingsOf(poolId: string): Promise<PoolSettings>;
}

/**
 * The key under which per-account counters (lockout, fair hashing) are kept: an address in two
 * pools is two accounts, and a lockout in one must not lock the other. Platform accounts keep the
 * bare address, as before pools existed.
 */
export function accountKey(poolId: string | null | undefined, email: string): string {
  return isPlatformPool(poolId) ? email : `${poolId}/${email}`;
}

/**
 * What `POST /api/auth/permissions` and `POST /api/v1/permissions` answer for a project pool's end
 * user: no role in the organization that owns the application (SPEC's flags all false), their
 * application roles and the application permissions these grant (issue #33; names, sorted). Never
 * 404: the end user is the application's own user.
 */
export function endUserPermissions(
  applicationId: string,
  grants: { roles: string[]; permissions: string[] } = { roles: [], permissions: [] },
) {
  return {
    application_id: applicationId,
    role: null,
    roles: grants.roles,
    permissions: { read: false, write: false, delete: false, manage_members: false },
    application_permissions: grants.permissions,
  };
}
