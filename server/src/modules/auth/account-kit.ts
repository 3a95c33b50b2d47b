import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/passwords/index.js';
import { accountEvent, type ActivityService, type AuditEvent } from '../../core/audit.js';
import type { MailService, SendTemplateInput, SystemTemplateName } from '../../core/mail.js';
import type { SecondFactorInventory } from '../../core/second-factor.js';
import type { UserDocument } from '../../core/account.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { userModel } from '../users/index.js';
import { AuthErrors } from './auth.errors.js';
import { authModels } from './auth.model.js';
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
  links: {
    dashboard(path: string): string;
    reset(token: string): string;
    confirm(token: string): string;
  };
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
  assertPasswordLength(password: string): void;
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
  const inFlight = new Set<Promise<void>>();

  return {
    deps,
    settings,
    Users,
    keys,
    sessions: createSessions({ models, keys, refreshTokenTtlS: settings.refreshTokenTtlS }),
    oneTime: createOneTimeTokens(models),
    lockout: createPasswordLockout({
      connection: deps.connection,
      threshold: settings.lockoutThreshold,
      accountCeiling: settings.lockoutAccountCeiling,
      minutes: settings.lockoutMinutes,
    }),
    links: {
      dashboard,
      reset: (token) => dashboard(`/auth?mode=reset&token=${encodeURIComponent(token)}`),
      confirm: (token) => `${config.publicUrl}/api/v1/auth/confirm?token=${encodeURIComponent(token)}`,
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
    },

    assertPasswordLength(password) {
      if (password.length < settings.passwordMinLength) {
        throw new AppError(AuthErrors.PASSWORD_TOO_SHORT, {
          message: `Password must be at least ${settings.passwordMinLength} characters long`,
        });
      }
    },
  };
}
