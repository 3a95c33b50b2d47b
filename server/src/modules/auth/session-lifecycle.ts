import { recordAudit } from '../../core/audit.js';
import type { UserDocument } from '../../core/account.js';
import { isPlatformPool, PLATFORM_POOL } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { cachedUserById, toPublicUser } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';

/** Starting, refreshing and ending sessions (the token mechanics are in sessions.ts). */
export function createSessionLifecycle(
  kit: AccountKit,
): Pick<AuthService, 'startSession' | 'refresh' | 'logout' | 'endSession'> {
  const { deps, Users, sessions } = kit;
  const { activity } = deps;
  const userById = cachedUserById(Users.db);

  return {
    async startSession(user, method, context, application, secondFactor) {
      // Every way in ends here: an account of another pool never gets a session from this one
      // (e.g. an end user's passkey offered to the dashboard), and a blocked account none at all.
      if ((user.pool_id ?? PLATFORM_POOL) !== context.pool)
        throw new AppError(AuthErrors.INVALID_CREDENTIALS);
      kit.assertNotBlocked(user);
      const pool = context.pool;
      const settings = isPlatformPool(pool) ? null : await kit.poolSettings(pool, context);
      // An account with factors passed the second step before getting here (the sign-in routes
      // send it there); one without them in a pool that requires one may only set one up.
      const enrollmentOnly =
        settings?.second_factor === 'required' &&
        ((await deps.secondFactors?.list(String(user._id))) ?? []).length === 0;
      const issued = await sessions.create(
        { id: String(user._id), email: user.email, pool },
        method,
        context,
        application && {
          ...application,
          refreshLifetimeS: settings?.refresh_lifetime_seconds,
          accessTokenTtlS: settings?.session_lifetime_seconds,
          enrollmentOnly,
        },
        secondFactor,
      );
      const lastLogin = new Date();
      // Written behind the answer with other sign-ins' (last-login.ts); the answer carries it now.
      kit.lastLogin.note(user._id, lastLogin);
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
      await recordAudit(
        activity,
        context,
        userEvent('user.login', String(user._id), {
          method,
          session_id: issued.session_id,
          application_id: application?.applicationId ?? null,
        }),
      );
      return {
        ...issued,
        user: toPublicUser({ ...user, last_login_at: lastLogin }),
        ...(enrollmentOnly ? { second_factor_enrollment_required: true as const } : {}),
      };
    },

    async refresh(refreshToken, applicationId, context) {
      // The account is read once (from the account cache when warm: a block or a change is seen at
      // once here and within FRESH_MS elsewhere, as for every token check): the address for the
      // access token, the rest for the answer.
      let user: UserDocument | null = null;
      const result = await sessions.rotate(refreshToken, applicationId, async (userId) => {
        user = await userById(userId);
        return user?.email ?? null;
      });
      if (result.outcome === 'reused') {
        await recordAudit(
          activity,
          context,
          userEvent('user.refresh_token_reused', result.userId, { session_id: result.sessionId }, 401),
        );
        throw new AppError(AuthErrors.REFRESH_TOKEN_REUSED);
      }
      const account = user as UserDocument | null;
      if (!account) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
      kit.assertNotBlocked(account);
      return { ...result.tokens, user: toPublicUser(account) };
    },

    async logout(userId, sessionId, context) {
      await sessions.revoke(sessionId, userId, 'logout');
      await recordAudit(activity, context, userEvent('user.logout', userId, { session_id: sessionId }));
    },

    async endSession(userId, sessionId, context) {
      if (!(await sessions.revoke(sessionId, userId, 'ended_by_user')))
        throw new AppError(AuthErrors.SESSION_NOT_FOUND);
      await recordAudit(
        activity,
        context,
        userEvent('user.session_ended', userId, { session_id: sessionId }),
      );
    },
  };
}
