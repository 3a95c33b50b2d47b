import { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { safeEqual, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { PasswordHasher } from '../../lib/passwords/index.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { MailService, SystemTemplateName } from '../../core/mail.js';
import {
  defaultDisplayName,
  normalizeEmail,
  toPublicUser,
  userModel,
  type PublicUser,
} from '../users/index.js';
import { type UserDocument } from '../../core/account.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { AuthErrors } from './auth.errors.js';
import { authModels } from './auth.model.js';
import { createPasswordLockout } from './lockout.js';
import { createOneTimeTokens, type OneTimeTokens } from './one-time-tokens.js';
import { createSessions, type IssuedSession, type SessionApplication, type Sessions } from './sessions.js';
import { loadSigningKeys, type SigningKeys } from './signing-keys.js';

export interface LoginResult extends IssuedSession {
  user: PublicUser;
}

export interface AuthService {
  /** The JWT signing keys, loaded (or created) in the database on first use. */
  keys(): Promise<SigningKeys>;
  /** The `aud` of dashboard access tokens (JWT_AUDIENCE); embedding sessions use their application id. */
  readonly dashboardAudience: string;
  readonly sessions: Sessions;
  register(
    input: { email: string; password: string; display_name?: string; application_id?: string },
    context: RequestContext,
  ): Promise<{ user: PublicUser; confirmation_required: boolean }>;
  confirmEmail(token: string, context: RequestContext): Promise<PublicUser>;
  /**
   * Starts sending a new confirmation link and returns before doing anything that depends on the
   * address, so the response time tells nothing about whether it is registered.
   */
  resendConfirmation(email: string, context: RequestContext): void;
  /** Checks e-mail and password (with lockout); returns the user or throws. */
  verifyCredentials(email: string, password: string, context: RequestContext): Promise<UserDocument>;
  /** Starts a dashboard session, or with `application` an embedding session for that application. */
  startSession(
    user: UserDocument,
    method: 'password' | 'google' | 'passkey',
    context: RequestContext,
    application?: SessionApplication,
  ): Promise<LoginResult>;
  /** Rotates the refresh token of a session of `applicationId` (null: the dashboard). */
  refresh(refreshToken: string, applicationId: string | null, context: RequestContext): Promise<LoginResult>;
  logout(userId: string, sessionId: string, context: RequestContext): Promise<void>;
  endSession(userId: string, sessionId: string, context: RequestContext): Promise<void>;
  getUser(userId: string): Promise<UserDocument | null>;
  updateProfile(
    userId: string,
    sessionId: string | null,
    input: { display_name?: string; password?: string; current_password?: string },
    context: RequestContext,
  ): Promise<PublicUser>;
  /** Like resendConfirmation: returns at once; the lookup and the mail happen after the response. */
  requestPasswordReset(email: string, context: RequestContext): void;
  /** Waits for work started after a response (reset and confirmation mails); for shutdown. */
  drain(): Promise<void>;
  resetPassword(token: string, newPassword: string, context: RequestContext): Promise<void>;
  /** Finds or creates the account for a Google identity; links by e-mail only when Google verified it. */
  signInWithGoogle(
    profile: { googleId: string; email: string | null; emailVerified: boolean; name: string | null },
    context: RequestContext,
  ): Promise<UserDocument>;
  issueExchangeCode(userId: string): Promise<string>;
  /**
   * One-time OAuth `state` values (with their PKCE verifier), valid 10 minutes, usable once, and
   * bound to the browser that started the sign-in by a secret it holds in a cookie.
   */
  readonly oauthStates: {
    issue(codeVerifier: string, browserSecret: string): Promise<string>;
    /** The PKCE verifier, or null when the state is unknown, used, expired or another browser's. */
    consume(state: string, browserSecret: string | undefined): Promise<string | null>;
  };
  /**
   * Spends a one-time sign-in code from the Google callback and answers its user; the caller
   * starts the session, or the second step for an account with two-factor.
   */
  redeemExchangeCode(code: string): Promise<UserDocument>;
  /** A one-hour password-reset link for the account, for security notices ("if it was not you"). */
  passwordResetLink(userId: string): Promise<string>;
}

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

export function createAuthService(deps: AuthDependencies): AuthService {
  const { config, hasher, mail, activity, logger } = deps;
  const auth = config.auth;
  const Users = userModel(deps.connection);
  const models = authModels(deps.connection);
  const keys = lazy(() =>
    loadSigningKeys({
      models,
      configuredPem: auth.jwtPrivateKey,
      issuer: auth.issuer,
      audience: auth.audience,
      accessTokenTtlS: auth.accessTokenTtlS,
    }),
  );
  const sessions = createSessions({ models, keys, refreshTokenTtlS: auth.refreshTokenTtlS });
  const oneTime: OneTimeTokens = createOneTimeTokens(models);
  const lockout = createPasswordLockout({
    connection: deps.connection,
    threshold: auth.lockoutThreshold,
    accountCeiling: auth.lockoutAccountCeiling,
    minutes: auth.lockoutMinutes,
  });

  const audit = (
    action: string,
    context: RequestContext,
    fields: { user_id?: string | null; status_code?: number; metadata?: Record<string, unknown> } = {},
  ) =>
    activity.record({
      action,
      resource_type: 'user',
      resource_id: fields.user_id ?? null,
      user_id: fields.user_id ?? null,
      status_code: fields.status_code ?? 200,
      ip_address: context.ip,
      user_agent: context.userAgent,
      metadata: fields.metadata ?? {},
    });

  const dashboardLink = (path: string) => `${auth.dashboardUrl}${path}`;
  const resetLink = (token: string) => dashboardLink(`/auth?mode=reset&token=${encodeURIComponent(token)}`);
  const confirmLink = (token: string) =>
    `${config.publicUrl}/api/v1/auth/confirm?token=${encodeURIComponent(token)}`;

  /**
   * Mail failures must not change what the client sees (that would reveal whether an account
   * exists); they are logged and recorded in the e-mail log by the mail service. A person who
   * registered through an application gets that application's copy of the template (as it
   * customized it); the mail service picks the variant of the person's mail language.
   */
  async function mailQuietly(
    to: string,
    template: SystemTemplateName,
    data: Record<string, string>,
    userId: string,
  ) {
    try {
      const registeredThrough = (
        await Users.findById(userId, { registered_application_id: 1 }).lean<UserDocument>()
      )?.registered_application_id;
      await mail.sendTemplate({
        to,
        template,
        data,
        userId,
        applicationId: registeredThrough ? String(registeredThrough) : null,
      });
    } catch (error) {
      logger.warn({ err: error, template }, 'could not send an account e-mail');
    }
  }

  const inFlight = new Set<Promise<void>>();
  /**
   * Runs `work` after the current response has gone out (setImmediate), so a response can never
   * wait for it. Failures are logged; `drain()` lets a graceful shutdown finish what was started.
   */
  function afterResponse(what: string, work: () => Promise<void>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => logger.error({ err: error }, `${what} failed after the response`))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  function assertPasswordLength(password: string): void {
    if (password.length < auth.passwordMinLength) {
      throw new AppError(AuthErrors.PASSWORD_TOO_SHORT, {
        message: `Password must be at least ${auth.passwordMinLength} characters long`,
      });
    }
  }

  async function sendConfirmation(user: UserDocument): Promise<void> {
    await oneTime.revokeAll('email_confirmation', String(user._id));
    const token = await oneTime.issue('email_confirmation', String(user._id));
    await mailQuietly(
      user.email,
      'email_confirmation',
      { name: user.display_name, confirmLink: confirmLink(token) },
      String(user._id),
    );
  }

  /**
   * After the password changed hands (reset, change, a pre-hijacked account taken back): end the
   * other sessions and revoke every API token, so nothing minted by an intruder survives, and
   * tell the owner what was ended.
   */
  async function endCredentialsAfterPasswordChange(
    user: Pick<UserDocument, '_id' | 'email' | 'display_name'>,
    reason: 'password_reset' | 'password_changed',
    keepSessionId?: string,
  ): Promise<{ sessionsEnded: number; tokensRevoked: number }> {
    const userId = String(user._id);
    const sessionsEnded = await sessions.revokeAllForUser(userId, reason, keepSessionId);
    const tokensRevoked = await deps.revokeApiTokensOfUser(userId, reason);
    const token = await oneTime.issue('password_reset', userId);
    await mailQuietly(
      user.email,
      'password_changed',
      {
        name: user.display_name,
        how:
          reason === 'password_reset' ? 'über den Link „Passwort vergessen“' : 'in Ihren Kontoeinstellungen',
        sessionsEnded: String(sessionsEnded),
        tokensRevoked: String(tokensRevoked),
        resetLink: resetLink(token),
      },
      userId,
    );
    return { sessionsEnded, tokensRevoked };
  }

  /**
   * Pre-hijacking defence: someone may have registered the address with a password without ever
   * proving the mailbox. When Google proves it, the account goes to the mailbox owner and
   * nothing the registrant set up survives: password, sessions, API tokens, pending links.
   */
  async function takeBackUnconfirmedAccount(
    email: string,
    profile: { googleId: string; name: string | null },
    context: RequestContext,
  ): Promise<UserDocument | null> {
    const taken = await Users.findOneAndUpdate(
      { email, google_id: null, is_verified: false },
      {
        $set: {
          google_id: profile.googleId,
          is_verified: true,
          password_hash: null,
          ...(profile.name?.trim() ? { display_name: profile.name.trim() } : {}),
        },
      },
      { returnDocument: 'after' },
    ).lean<UserDocument>();
    if (!taken) return null;
    const userId = String(taken._id);
    const sessionsEnded = await sessions.revokeAllForUser(userId, 'unconfirmed_credentials_removed');
    const tokensRevoked = await deps.revokeApiTokensOfUser(userId, 'unconfirmed_credentials_removed');
    await oneTime.revokeAll('password_reset', userId);
    await oneTime.revokeAll('email_confirmation', userId);
    await audit('user.google_took_over_unconfirmed', context, {
      user_id: userId,
      metadata: { sessions_ended: sessionsEnded, api_tokens_revoked: tokensRevoked },
    });
    const token = await oneTime.issue('password_reset', userId);
    await mailQuietly(
      taken.email,
      'account_secured',
      { name: taken.display_name, resetLink: resetLink(token) },
      userId,
    );
    return taken;
  }

  /** Tells the owner once per lock, with a reset link that lifts it (docs/security.md, Lockout). */
  async function noticeLock(
    user: UserDocument,
    outcome: { pairLocked: boolean; accountLocked: boolean },
    context: RequestContext,
  ): Promise<void> {
    if (!outcome.pairLocked && !outcome.accountLocked) return;
    const scope = outcome.accountLocked ? 'account' : 'network';
    await audit('user.locked', context, {
      user_id: String(user._id),
      status_code: 429,
      metadata: { scope, minutes: auth.lockoutMinutes },
    });
    const token = await oneTime.issue('password_reset', String(user._id));
    await mailQuietly(
      user.email,
      'account_locked',
      {
        name: user.display_name,
        minutes: String(auth.lockoutMinutes),
        where:
          scope === 'account'
            ? 'von vielen verschiedenen Netzwerken aus; die Anmeldung mit Passwort ist deshalb überall pausiert'
            : `von der Adresse ${context.ip ?? 'unbekannt'} aus; von dort ist die Anmeldung pausiert, von Ihren anderen Geräten und Netzwerken aus nicht`,
        resetLink: resetLink(token),
      },
      String(user._id),
    );
  }

  async function startSession(
    user: UserDocument,
    method: 'password' | 'google' | 'passkey',
    context: RequestContext,
    application?: SessionApplication,
  ): Promise<LoginResult> {
    const issued = await sessions.create(
      { id: String(user._id), email: user.email },
      method,
      context,
      application,
    );
    const lastLogin = new Date();
    await Users.updateOne({ _id: user._id }, { $set: { last_login_at: lastLogin } });
    deps.webhooks?.emit(
      'session.created',
      {
        userId: String(user._id),
        applicationId: application?.applicationId,
        organizationId: application?.organizationId,
      },
      {
        user_id: String(user._id),
        session_id: issued.session_id,
        method,
        application_id: application?.applicationId ?? null,
      },
    );
    await audit('user.login', context, {
      user_id: String(user._id),
      metadata: { method, session_id: issued.session_id, application_id: application?.applicationId ?? null },
    });
    return { ...issued, user: toPublicUser({ ...user, last_login_at: lastLogin }) };
  }

  return {
    keys,
    dashboardAudience: auth.audience,
    sessions,

    async register(input, context) {
      assertPasswordLength(input.password);
      const email = normalizeEmail(input.email);
      const displayName = input.display_name?.trim() || defaultDisplayName(email);
      // Hash before looking the address up, so both outcomes cost the same time.
      const passwordHash = await hasher.hash(input.password);
      const confirmationRequired = auth.emailConfirmationRequired;
      const existing = await Users.findOne({ email }).lean<UserDocument>();
      if (existing) {
        // No enumeration: answer exactly as for a new address, and tell the owner instead.
        await audit('user.register_existing', context, {
          user_id: String(existing._id),
          metadata: { email },
        });
        const token = await oneTime.issue('password_reset', String(existing._id));
        await mailQuietly(
          existing.email,
          'registration_attempt',
          { name: existing.display_name, resetLink: resetLink(token), dashboardUrl: dashboardLink('/auth') },
          String(existing._id),
        );
        const now = new Date();
        return {
          user: {
            id: new Types.ObjectId().toHexString(),
            email,
            display_name: displayName,
            is_verified: false,
            created_at: now.toISOString(),
            last_login_at: null,
          },
          confirmation_required: confirmationRequired,
        };
      }
      let created: UserDocument;
      try {
        created = (
          await Users.create({
            email,
            display_name: displayName,
            password_hash: passwordHash,
            // Only a confirmation link proves the mailbox, also where sign-in does not wait for
            // it (EMAIL_CONFIRMATION_REQUIRED=false): Google sign-in relies on the difference.
            is_verified: false,
            registered_application_id: input.application_id ? new Types.ObjectId(input.application_id) : null,
          })
        ).toObject();
      } catch (error) {
        // Two registrations of one address at the same moment: the loser answers like the winner.
        if (isDuplicateKey(error)) return this.register(input, context);
        throw error;
      }
      await audit('user.registered', context, {
        user_id: String(created._id),
        status_code: 201,
        metadata: { application_id: input.application_id ?? null },
      });
      deps.webhooks?.emit(
        'user.registered',
        { userId: String(created._id), applicationId: input.application_id },
        { user: toPublicUser(created), application_id: input.application_id ?? null },
      );
      await sendConfirmation(created);
      return { user: toPublicUser(created), confirmation_required: confirmationRequired };
    },

    async confirmEmail(token, context) {
      const consumed = await oneTime.consume('email_confirmation', token);
      if (!consumed?.userId) throw new AppError(AuthErrors.INVALID_CONFIRMATION_TOKEN);
      const user = await Users.findOneAndUpdate(
        { _id: consumed.userId },
        { $set: { is_verified: true } },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      if (!user) throw new AppError(AuthErrors.INVALID_CONFIRMATION_TOKEN);
      await audit('user.email_confirmed', context, { user_id: String(user._id) });
      deps.webhooks?.emit('user.email_confirmed', { userId: String(user._id) }, { user: toPublicUser(user) });
      await mailQuietly(
        user.email,
        'welcome',
        { name: user.display_name, dashboardUrl: dashboardLink('/dashboard') },
        String(user._id),
      );
      return toPublicUser(user);
    },

    resendConfirmation(email, context) {
      afterResponse('resend confirmation', async () => {
        const user = await Users.findOne({ email: normalizeEmail(email) }).lean<UserDocument>();
        if (!user || user.is_verified) return;
        await audit('user.confirmation_resent', context, { user_id: String(user._id) });
        await sendConfirmation(user);
      });
    },

    async verifyCredentials(rawEmail, password, context) {
      const email = normalizeEmail(rawEmail);
      // Before anything that depends on the account, so a locked address answers the same
      // whether or not it is registered.
      await lockout.assertOpen(email, context.ip);
      const user = await Users.findOne({ email }).lean<UserDocument>();
      const fail = async (userId: string | null, reason: string) => {
        await audit('user.login_failed', context, {
          user_id: userId,
          status_code: 401,
          metadata: { email, reason },
        });
        return new AppError(AuthErrors.INVALID_CREDENTIALS);
      };
      if (!user?.password_hash) {
        // Same cost as a wrong password, so response times do not reveal which addresses exist.
        await hasher.verifyDummy(password);
        await lockout.recordFailure(email, context.ip);
        throw await fail(user ? String(user._id) : null, user ? 'no_password' : 'unknown_email');
      }
      if (!(await hasher.verify(password, user.password_hash))) {
        const error = await fail(String(user._id), 'wrong_password');
        await noticeLock(user, await lockout.recordFailure(email, context.ip), context);
        throw error;
      }
      await lockout.recordSuccess(email, context.ip);
      if (auth.emailConfirmationRequired && !user.is_verified) {
        await audit('user.login_failed', context, {
          user_id: String(user._id),
          status_code: 403,
          metadata: { reason: 'email_not_confirmed' },
        });
        throw new AppError(AuthErrors.EMAIL_NOT_CONFIRMED);
      }
      if (hasher.needsRehash(user.password_hash)) {
        await Users.updateOne({ _id: user._id }, { $set: { password_hash: await hasher.hash(password) } });
      }
      return user;
    },

    startSession,

    async refresh(refreshToken, applicationId, context) {
      const result = await sessions.rotate(
        refreshToken,
        applicationId,
        async (userId) => (await Users.findById(userId, { email: 1 }).lean())?.email ?? null,
      );
      if (result.outcome === 'reused') {
        await audit('user.refresh_token_reused', context, {
          user_id: result.userId,
          status_code: 401,
          metadata: { session_id: result.sessionId },
        });
        throw new AppError(AuthErrors.REFRESH_TOKEN_REUSED);
      }
      const user = await Users.findById(result.userId).lean<UserDocument>();
      if (!user) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
      return { ...result.tokens, user: toPublicUser(user) };
    },

    async logout(userId, sessionId, context) {
      await sessions.revoke(sessionId, userId, 'logout');
      await audit('user.logout', context, { user_id: userId, metadata: { session_id: sessionId } });
    },

    async endSession(userId, sessionId, context) {
      if (!(await sessions.revoke(sessionId, userId, 'ended_by_user')))
        throw new AppError(AuthErrors.SESSION_NOT_FOUND);
      await audit('user.session_ended', context, { user_id: userId, metadata: { session_id: sessionId } });
    },

    async getUser(userId) {
      return Types.ObjectId.isValid(userId) ? Users.findById(userId).lean<UserDocument>() : null;
    },

    async updateProfile(userId, sessionId, input, context) {
      const user = await Users.findById(userId).lean<UserDocument>();
      if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
      const changes: Partial<UserDocument> = {};
      const changed: string[] = [];
      if (input.display_name !== undefined && input.display_name.trim() !== user.display_name) {
        changes.display_name = input.display_name.trim();
        changed.push('display_name');
      }
      if (input.password !== undefined) {
        if (!input.current_password) throw new AppError(AuthErrors.CURRENT_PASSWORD_REQUIRED);
        // A stolen access token must not become a password oracle: the same lockout as sign-in.
        await lockout.assertOpen(user.email, context.ip);
        if (!user.password_hash || !(await hasher.verify(input.current_password, user.password_hash))) {
          await noticeLock(user, await lockout.recordFailure(user.email, context.ip), context);
          throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
        }
        await lockout.recordSuccess(user.email, context.ip);
        assertPasswordLength(input.password);
        changes.password_hash = await hasher.hash(input.password);
        changed.push('password');
      }
      if (changed.length === 0) return toPublicUser(user);
      const updated = await Users.findOneAndUpdate(
        { _id: user._id },
        { $set: changes },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      // Other devices must sign in again with the new password; this one stays signed in.
      const ended = changes.password_hash
        ? await endCredentialsAfterPasswordChange(user, 'password_changed', sessionId ?? undefined)
        : null;
      await audit(changes.password_hash ? 'user.password_changed' : 'user.profile_updated', context, {
        user_id: userId,
        metadata: {
          fields: changed,
          ...(ended ? { sessions_ended: ended.sessionsEnded, api_tokens_revoked: ended.tokensRevoked } : {}),
        },
      });
      deps.webhooks?.emit('user.updated', { userId }, { user: toPublicUser(updated!), fields: changed });
      return toPublicUser(updated!);
    },

    requestPasswordReset(email, context) {
      afterResponse('password reset request', async () => {
        const user = await Users.findOne({ email: normalizeEmail(email) }).lean<UserDocument>();
        if (!user) return;
        const token = await oneTime.issue('password_reset', String(user._id));
        await audit('user.password_reset_requested', context, { user_id: String(user._id) });
        await mailQuietly(
          user.email,
          'password_reset',
          { name: user.display_name, resetLink: resetLink(token) },
          String(user._id),
        );
      });
    },

    async drain() {
      await Promise.allSettled([...inFlight]);
    },

    async resetPassword(token, newPassword, context) {
      assertPasswordLength(newPassword);
      const passwordHash = await hasher.hash(newPassword);
      const consumed = await oneTime.consume('password_reset', token);
      if (!consumed?.userId) throw new AppError(AuthErrors.INVALID_RESET_TOKEN);
      // Proving control of the mailbox also confirms the address and lifts a lockout.
      const user = await Users.findOneAndUpdate(
        { _id: consumed.userId },
        { $set: { password_hash: passwordHash, is_verified: true } },
        { returnDocument: 'after', projection: { email: 1, display_name: 1 } },
      ).lean<UserDocument>();
      if (!user) throw new AppError(AuthErrors.INVALID_RESET_TOKEN);
      await lockout.lift(user.email, context.ip);
      await oneTime.revokeAll('password_reset', consumed.userId);
      const ended = await endCredentialsAfterPasswordChange(user, 'password_reset');
      await audit('user.password_reset', context, {
        user_id: consumed.userId,
        metadata: { sessions_ended: ended.sessionsEnded, api_tokens_revoked: ended.tokensRevoked },
      });
    },

    async signInWithGoogle(profile, context) {
      const byGoogleId = await Users.findOne({ google_id: profile.googleId }).lean<UserDocument>();
      if (byGoogleId) return byGoogleId;
      if (!profile.email || !profile.emailVerified) {
        throw new AppError(AuthErrors.GOOGLE_EMAIL_UNVERIFIED);
      }
      const email = normalizeEmail(profile.email);
      const taken = await takeBackUnconfirmedAccount(email, profile, context);
      if (taken) return taken;
      // A confirmed account: its owner proved the mailbox, as Google just did; link them.
      const linked = await Users.findOneAndUpdate(
        { email, google_id: null, is_verified: true },
        { $set: { google_id: profile.googleId } },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      if (linked) {
        await audit('user.google_linked', context, { user_id: String(linked._id) });
        return linked;
      }
      const created = (
        await Users.create({
          email,
          display_name: profile.name?.trim() || defaultDisplayName(email),
          password_hash: null,
          is_verified: true,
          google_id: profile.googleId,
        })
      ).toObject();
      await audit('user.registered', context, {
        user_id: String(created._id),
        status_code: 201,
        metadata: { method: 'google' },
      });
      return created;
    },

    oauthStates: {
      issue: (codeVerifier, browserSecret) =>
        oneTime.issue(
          'oauth_state',
          null,
          JSON.stringify({ verifier: codeVerifier, browser: sha256Hex(browserSecret) }),
        ),
      async consume(state, browserSecret) {
        const payload = (await oneTime.consume('oauth_state', state))?.payload;
        if (!payload || !browserSecret) return null;
        const bound = JSON.parse(payload) as { verifier: string; browser: string };
        return safeEqual(bound.browser, sha256Hex(browserSecret)) ? bound.verifier : null;
      },
    },

    issueExchangeCode(userId) {
      return oneTime.issue('oauth_code', userId);
    },

    async passwordResetLink(userId) {
      return resetLink(await oneTime.issue('password_reset', userId));
    },

    async redeemExchangeCode(code) {
      const consumed = await oneTime.consume('oauth_code', code);
      const user = consumed?.userId ? await Users.findById(consumed.userId).lean<UserDocument>() : null;
      if (!user) throw new AppError(AuthErrors.INVALID_EXCHANGE_CODE);
      return user;
    },
  };
}
