import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/passwords/index.js';
import { checkPasswordPolicy } from '../../lib/passwords/policy.js';
import { accountEvent, type ActivityService, type AuditEvent } from '../../core/audit.js';
import type { MailService, SendTemplateInput, SystemTemplateName } from '../../core/mail.js';
import type { SecondFactorInventory, SecondFactorStore } from '../../core/second-factor.js';
import type { UserDocument } from '../../core/account.js';
import type { RequestContext } from '../../core/request-context.js';
import {
  isPlatformPool,
  PLATFORM_POOL,
  type PoolSettings,
  type PoolSettingsSource,
  type SignInMethod,
} from '../../core/pools.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { userModel } from '../users/index.js';
import { AuthErrors } from './auth.errors.js';
import { authModels } from './auth.model.js';
import { createLastLoginWriter, type LastLoginWriter } from './last-login.js';
import { createPasswordLockout, type PasswordLockout } from './lockout.js';
import { createOneTimeTokens, type OneTimeTokens } from './one-time-tokens.js';
import { createSessions, type Sessions } from './sessions.js';
import { loadSigningKeys, type SigningKeys } from './signing-keys.js';

export interface AuthDependencies {
  connection: Connection;
  config: Config;
  logger: Logger;
  hasher: PasswordHasher;
  mail: MailService;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
  /**
   * Revokes every API token of a user (the tokens module; late-bound because it is built after
   * this service). Credentials minted during a compromise must not outlive account recovery.
   */
  revokeApiTokensOfUser(userId: string, reason: string): Promise<number>;
  /**
   * The account's second factors (the factor-changes module; late-bound, built after this
   * service): the reset lists them and removes recent ones, which a stolen session may have added.
   */
  secondFactors?: SecondFactorInventory;
  /**
   * Where the second factors are stored (the mfa and passkeys modules): a password sign-in reads
   * with the account whether it has one, and skips the second step's reads for one without.
   */
  secondFactorStores?: readonly SecondFactorStore[];
  /**
   * Each pool's settings (the pools module; late-bound). Without it every pool answers the
   * server's configuration, as the platform pool does.
   */
  pools?: PoolSettingsSource;
  /**
   * End users' application roles (the app-roles module; late-bound): the default role a new
   * account of a project pool gets, and the roles and permissions its embedding tokens carry.
   */
  appRoles?: {
    defaultRolesOf(pool: string): Promise<string[]>;
    rolesAndPermissionsOf(
      projectId: string,
      userId: string,
    ): Promise<{ roles: string[]; permissions: string[] }>;
  };
}

/**
 * What every use case of the auth service shares, built once per service: the stores, the
 * links put in mails, quiet mailing and work done after the response. The use-case factories
 * (registration, sign-in, passwords, …) take it so that they all see the same instances (one
 * lockout counter, one in-flight set for drain()).
 */
export interface AccountKit {
  deps: AuthDependencies;
  settings: Config['auth'];
  Users: ReturnType<typeof userModel>;
  keys(): Promise<SigningKeys>;
  sessions: Sessions;
  oneTime: OneTimeTokens;
  lockout: PasswordLockout;
  /**
   * Where mailed links lead. An end user (a project pool's account) is sent to the pool's hosted
   * pages, never to the dashboard's /auth; `pool` is the account's pool.
   */
  links: {
    dashboard(path: string): string;
    reset(token: string, pool?: string): string;
    confirm(token: string, pool?: string): string;
    /** The page a person signs in on: the dashboard's for platform accounts, else the hosted one. */
    signIn(pool?: string): string;
    /** The pool's hosted account page, or the dashboard for platform accounts. */
    home(pool?: string): string;
  };
  /** The pool an account belongs to ('platform' when it does not exist). */
  poolOf(userId: string): Promise<string>;
  /** The pool's settings (signup, methods, password policy, lifetimes). */
  /**
   * Read once per request when `within` (the request's context) is given: a sign-in asks for
   * them at the method check and again when it starts the session.
   */
  poolSettings(pool: string, within?: RequestContext): Promise<PoolSettings>;
  /**
   * Mail failures must not change what the client sees (that would reveal whether an account
   * exists); they are logged and recorded in the e-mail log by the mail service.
   */
  mailQuietly(
    to: string,
    template: SystemTemplateName,
    data: Record<string, string>,
    userId: string,
    localizedData?: SendTemplateInput['localizedData'],
  ): Promise<void>;
  /**
   * Runs `work` after the current response has gone out (setImmediate), so a response can never
   * wait for it. Failures are logged; `drain()` lets a graceful shutdown finish what was started.
   */
  afterResponse(what: string, work: () => Promise<void>): void;
  drain(): Promise<void>;
  /** Sign-in times written behind the answer (last-login.ts); drain() writes what is pending. */
  lastLogin: LastLoginWriter;
  /** The pool's password policy: minimum length, and not on the shipped list of common passwords. */
  assertPasswordPolicy(password: string, pool: string, within?: RequestContext): Promise<void>;
  /** Refuses sign-up in a pool whose sign-up is by invitation or closed. */
  assertSignupOpen(context: RequestContext): Promise<void>;
  /** Refuses a sign-in method the request's pool has turned off. */
  assertMethodEnabled(context: RequestContext, method: SignInMethod): Promise<void>;
  /** Answers the account, or refuses a blocked one with account_blocked. */
  assertNotBlocked(user: UserDocument): UserDocument;
  /** The application roles a new account of the pool starts with (its default role; none for the platform). */
  defaultRoles(pool: string): Promise<string[]>;
}

/**
 * An audit event about an account, for recordAudit: the account is both subject and actor.
 * Positional, so that the many audit calls of this module stay short.
 */
export function userEvent(
  action: string,
  userId: string | null,
  metadata?: Record<string, unknown>,
  statusCode?: number,
): AuditEvent {
  return accountEvent(action, userId, { metadata, status_code: statusCode });
}

/** Memoizes an async loader; a failure is not remembered, so the next call tries again. */
function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

export function createAccountKit(deps: AuthDependencies): AccountKit {
  const { config, mail, logger } = deps;
  const settings = config.auth;
  const Users = userModel(deps.connection);
  const models = authModels(deps.connection);
  const keys = lazy(() =>
    loadSigningKeys({
      models,
      configuredPem: settings.jwtPrivateKey,
      issuer: settings.issuer,
      audience: settings.audience,
      accessTokenTtlS: settings.accessTokenTtlS,
    }),
  );
  const dashboard = (path: string) => `${settings.dashboardUrl}${path}`;
  const hosted = (pool: string, path: string) => `${config.publicUrl}/p/${encodeURIComponent(pool)}${path}`;
  const loadPoolSettings = (pool: string): Promise<PoolSettings> =>
    deps.pools ? deps.pools.settingsOf(pool) : Promise.resolve(configuredPoolSettings(config, pool));
  // Per request context (a plain object made once per request), so the entry goes with it.
  const perRequest = new WeakMap<RequestContext, Map<string, Promise<PoolSettings>>>();
  const poolSettings = (pool: string, within?: RequestContext): Promise<PoolSettings> => {
    if (!within) return loadPoolSettings(pool);
    let loaded = perRequest.get(within);
    if (!loaded) perRequest.set(within, (loaded = new Map()));
    let settings = loaded.get(pool);
    if (!settings) loaded.set(pool, (settings = loadPoolSettings(pool)));
    return settings;
  };
  const inFlight = new Set<Promise<void>>();
  const lastLogin = createLastLoginWriter(Users, logger);

  return {
    deps,
    settings,
    Users,
    keys,
    sessions: createSessions({
      models,
      keys,
      refreshTokenTtlS: settings.refreshTokenTtlS,
      roleClaims: (pool, userId) =>
        deps.appRoles?.rolesAndPermissionsOf(pool, userId) ?? Promise.resolve({ roles: [], permissions: [] }),
    }),
    oneTime: createOneTimeTokens(models),
    lockout: createPasswordLockout({
      connection: deps.connection,
      threshold: settings.lockoutThreshold,
      accountCeiling: settings.lockoutAccountCeiling,
      minutes: settings.lockoutMinutes,
    }),
    links: {
      dashboard,
      reset: (token, pool = PLATFORM_POOL) =>
        isPlatformPool(pool)
          ? dashboard(`/auth?mode=reset&token=${encodeURIComponent(token)}`)
          : hosted(pool, `/reset?token=${encodeURIComponent(token)}`),
      // The pool only chooses where the confirmation redirects to (the hosted page or the dashboard).
      confirm: (token, pool = PLATFORM_POOL) =>
        `${config.publicUrl}/api/v1/auth/confirm?token=${encodeURIComponent(token)}${
          isPlatformPool(pool) ? '' : `&pool=${encodeURIComponent(pool)}`
        }`,
      signIn: (pool = PLATFORM_POOL) =>
        isPlatformPool(pool) ? dashboard('/auth') : hosted(pool, '/sign-in'),
      home: (pool = PLATFORM_POOL) =>
        isPlatformPool(pool) ? dashboard('/dashboard') : hosted(pool, '/account'),
    },
    poolSettings,
    async poolOf(userId) {
      const user = await Users.findById(userId, { pool_id: 1 }).lean<UserDocument>();
      return user?.pool_id ?? PLATFORM_POOL;
    },

    // A person who registered through an application gets that application's copy of the
    // template (as it customized it); the mail service picks the variant of the person's language.
    async mailQuietly(to, template, data, userId, localizedData) {
      try {
        const registeredThrough = (
          await Users.findById(userId, { registered_application_id: 1 }).lean<UserDocument>()
        )?.registered_application_id;
        await mail.sendTemplate({
          to,
          template,
          data,
          localizedData,
          userId,
          applicationId: registeredThrough ? String(registeredThrough) : null,
        });
      } catch (error) {
        logger.warn({ err: error, template }, 'could not send an account e-mail');
      }
    },

    afterResponse(what, work) {
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logger.error({ err: error }, `${what} failed after the response`))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },

    async drain() {
      await Promise.allSettled([...inFlight]);
      await lastLogin.flush();
    },
    lastLogin,

    async assertPasswordPolicy(password, pool, within) {
      const minLength = isPlatformPool(pool)
        ? settings.passwordMinLength
        : (await poolSettings(pool, within)).password_min_length;
      const refusal = checkPasswordPolicy(password, { minLength });
      if (refusal?.code === 'password_too_short')
        throw new AppError(AuthErrors.PASSWORD_TOO_SHORT, { message: refusal.message });
      if (refusal) throw new AppError(AuthErrors.PASSWORD_TOO_COMMON);
    },

    async assertSignupOpen(context) {
      if ((await poolSettings(context.pool, context)).signup !== 'open')
        throw new AppError(AuthErrors.SIGNUP_CLOSED);
    },

    async assertMethodEnabled(context, method) {
      if (!(await poolSettings(context.pool, context)).methods.includes(method))
        throw new AppError(AuthErrors.SIGN_IN_METHOD_DISABLED);
    },

    assertNotBlocked(user) {
      if (user.blocked_at) throw new AppError(AuthErrors.ACCOUNT_BLOCKED);
      return user;
    },
    async defaultRoles(pool) {
      return isPlatformPool(pool) || !deps.appRoles ? [] : deps.appRoles.defaultRolesOf(pool);
    },
  };
}

/**
 * A pool's settings when no pools module is wired in (unit tests of this module): what the
 * server's configuration says, the same for every pool.
 */
function configuredPoolSettings(config: Config, pool: string): PoolSettings {
  return {
    pool_id: pool,
    signup: 'open',
    methods: ['password', 'google', 'passkey', 'email_code'],
    password_min_length: config.auth.passwordMinLength,
    second_factor: 'optional',
    session_lifetime_seconds: config.auth.accessTokenTtlS,
    refresh_lifetime_seconds: config.auth.refreshTokenTtlS,
    google: null,
    branding: {
      display_name: 'IAM Platform',
      logo_url: null,
      primary_color: '#2563eb',
      locale: 'de',
      support_email: null,
    },
    redirect_urls: [],
  };
}
