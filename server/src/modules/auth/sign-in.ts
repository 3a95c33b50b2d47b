import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { accountKey } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import {
  countWindows,
  DEFAULT_RATE_LIMIT_COLLECTION,
  ensureTtlIndex,
  firstOverLimit,
  rateLimitedError,
  takeBack,
  type RateLimitDocument,
} from '../../lib/rate-limit/index.js';
import { normalizeEmail } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';
import { readSignInState } from './sign-in-read.js';

export type LockNotice = (
  user: UserDocument,
  outcome: { pairLocked: boolean; accountLocked: boolean },
  context: RequestContext,
) => Promise<void>;

/**
 * Tells the owner once per lock, with a reset link that lifts it (docs/security.md, Lockout).
 * Sign-in and the password change (which checks the current password) both count failures.
 */
export function createLockNotice(kit: AccountKit): LockNotice {
  const { settings } = kit;
  return async (user, outcome, context) => {
    if (!outcome.pairLocked && !outcome.accountLocked) return;
    const scope = outcome.accountLocked ? 'account' : 'network';
    await recordAudit(
      kit.deps.activity,
      context,
      userEvent('user.locked', String(user._id), { scope, minutes: settings.lockoutMinutes }, 429),
    );
    const token = await kit.oneTime.issue('password_reset', String(user._id));
    await kit.mailQuietly(
      user.email,
      'account_locked',
      {
        name: user.display_name,
        minutes: String(settings.lockoutMinutes),
        where:
          scope === 'account'
            ? 'von vielen verschiedenen Netzwerken aus; die Anmeldung mit Passwort ist deshalb überall pausiert'
            : `von der Adresse ${context.ip ?? 'unbekannt'} aus; von dort ist die Anmeldung pausiert, von Ihren anderen Geräten und Netzwerken aus nicht`,
        resetLink: kit.links.reset(token, user.pool_id),
      },
      String(user._id),
    );
  };
}

/** Accounts a sign-in read found without a second factor (the route then skips asking for one). */
const withoutSecondFactor = new WeakSet<UserDocument>();

/**
 * True when the sign-in that returned `user` read that it has no second factor (so the second
 * step need not read the factor stores again); false when it has one or nobody looked.
 */
export function knownWithoutSecondFactor(user: UserDocument): boolean {
  return withoutSecondFactor.has(user);
}

/** The password check of sign-in, with lockout; sessions are started by the caller. */
export function createSignIn(
  kit: AccountKit,
  noticeLock: LockNotice,
): Pick<AuthService, 'verifyCredentials'> {
  const { deps, settings, Users, lockout } = kit;
  const { hasher, activity } = deps;
  const counters = deps.connection.collection<RateLimitDocument>(DEFAULT_RATE_LIMIT_COLLECTION);

  return {
    async verifyCredentials(rawEmail, password, context, limits = []) {
      const email = normalizeEmail(rawEmail);
      // Before anything that depends on the account, so a locked address answers the same
      // whether or not it is registered.
      const account = accountKey(context.pool, email);
      // The route's rate limits are counted in one command and read back with the rest below.
      if (limits.length > 0) {
        await ensureTtlIndex(deps.connection, counters);
        await countWindows(counters, limits);
      }
      await kit.assertMethodEnabled(context, 'password');
      const lockState = lockout.stateOf(account, context.ip);
      const state = await readSignInState(deps.connection, Users.collection, {
        pool: context.pool,
        email,
        ids: [...limits.map((limit) => limit.id), ...lockState.ids],
        secondFactorStores: deps.secondFactorStores,
      });
      for (const limit of limits) {
        const counted = state.windows.get(limit.id);
        if (counted) limit.seen = { hits: counted.hits, resetAt: counted.reset_at };
      }
      const refused = firstOverLimit(limits, state.windows);
      if (refused) {
        // Counted only against the limits that refused it (as allRateLimits does); best effort.
        const passed = limits.filter((limit) => !firstOverLimit([limit], state.windows));
        await takeBack(counters, passed).catch(() => undefined);
        throw rateLimitedError(refused.resetAt);
      }
      lockState.assertOpen(state.windows);
      const user = state.user;
      // The hashing queue is shared fairly by address and account: a flood cannot take everyone's turn.
      const by = { address: context.ip, account };
      const fail = async (userId: string | null, reason: string) => {
        await recordAudit(activity, context, userEvent('user.login_failed', userId, { email, reason }, 401));
        return new AppError(AuthErrors.INVALID_CREDENTIALS);
      };
      if (!user?.password_hash) {
        // Same cost as a wrong password, so response times do not reveal which addresses exist.
        await hasher.verifyDummy(password, by);
        await lockout.recordFailure(account, context.ip);
        throw await fail(user ? String(user._id) : null, user ? 'no_password' : 'unknown_email');
      }
      if (!(await hasher.verify(password, user.password_hash, by))) {
        const error = await fail(String(user._id), 'wrong_password');
        await noticeLock(user, await lockout.recordFailure(account, context.ip), context);
        throw error;
      }
      await lockout.recordSuccess(account, context.ip, !lockState.hasPairFailures(state.windows));
      // After the password check, so only the owner learns that the account is blocked.
      kit.assertNotBlocked(user);
      if (settings.emailConfirmationRequired && !user.is_verified) {
        await recordAudit(
          activity,
          context,
          userEvent('user.login_failed', String(user._id), { reason: 'email_not_confirmed' }, 403),
        );
        throw new AppError(AuthErrors.EMAIL_NOT_CONFIRMED);
      }
      if (hasher.needsRehash(user.password_hash)) {
        await Users.updateOne(
          { _id: user._id },
          { $set: { password_hash: await hasher.hash(password, by) } },
        );
      }
      if (state.hasSecondFactor === false) withoutSecondFactor.add(user);
      return user;
    },
  };
}
