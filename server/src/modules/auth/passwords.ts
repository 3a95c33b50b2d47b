import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { accountKey, PLATFORM_POOL } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { normalizeEmail } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import { PASSWORD_PURPOSES, peekPasswordToken } from './one-time-tokens.js';
import type { AuthService } from './auth.types.js';
import type { LockNotice } from './sign-in.js';

/**
 * After the password changed hands (reset, change): ends the other sessions and revokes every
 * API token, so nothing minted by an intruder survives, and tells the owner what was ended.
 */
export type EndCredentials = (
  user: Pick<UserDocument, '_id' | 'email' | 'display_name' | 'pool_id'>,
  reason: 'password_reset' | 'password_changed',
  keepSessionId?: string,
) => Promise<{ sessionsEnded: number; tokensRevoked: number }>;

export function createEndCredentials(kit: AccountKit): EndCredentials {
  return async (user, reason, keepSessionId) => {
    const userId = String(user._id);
    const sessionsEnded = await kit.sessions.revokeAllForUser(userId, reason, keepSessionId);
    const tokensRevoked = await kit.deps.revokeApiTokensOfUser(userId, reason);
    const token = await kit.oneTime.issue('password_reset', userId);
    await kit.mailQuietly(
      user.email,
      'password_changed',
      {
        name: user.display_name,
        how:
          reason === 'password_reset' ? 'über den Link „Passwort vergessen“' : 'in Ihren Kontoeinstellungen',
        sessionsEnded: String(sessionsEnded),
        tokensRevoked: String(tokensRevoked),
        resetLink: kit.links.reset(token, user.pool_id),
      },
      userId,
    );
    return { sessionsEnded, tokensRevoked };
  };
}

/**
 * Checks the current password before a change and answers the new hash. A stolen access token
 * must not become a password oracle: the same lockout as sign-in.
 */
export type CurrentPasswordCheck = (
  user: UserDocument,
  passwords: { current?: string; next: string },
  context: RequestContext,
) => Promise<string>;

export function createCurrentPasswordCheck(kit: AccountKit, noticeLock: LockNotice): CurrentPasswordCheck {
  const { lockout, deps } = kit;
  return async (user, passwords, context) => {
    if (!passwords.current) throw new AppError(AuthErrors.CURRENT_PASSWORD_REQUIRED);
    const account = accountKey(user.pool_id, user.email);
    await lockout.assertOpen(account, context.ip);
    const by = { address: context.ip, account };
    if (!user.password_hash || !(await deps.hasher.verify(passwords.current, user.password_hash, by))) {
      await noticeLock(user, await lockout.recordFailure(account, context.ip), context);
      throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
    }
    await lockout.recordSuccess(account, context.ip);
    await kit.assertPasswordPolicy(passwords.next, user.pool_id);
    return deps.hasher.hash(passwords.next, by);
  };
}

/** "Forgot password": the link by mail, and setting a new password with it. */
export function createPasswordReset(
  kit: AccountKit,
  endCredentials: EndCredentials,
): Pick<AuthService, 'requestPasswordReset' | 'resetPassword' | 'passwordResetLink' | 'invitationLink'> {
  const { deps, Users, oneTime, links } = kit;

  return {
    requestPasswordReset(email, context) {
      kit.afterResponse('password reset request', async () => {
        const user = await Users.findOne({
          pool_id: context.pool,
          email: normalizeEmail(email),
        }).lean<UserDocument>();
        if (!user) return;
        const token = await oneTime.issue('password_reset', String(user._id));
        await recordAudit(
          deps.activity,
          context,
          userEvent('user.password_reset_requested', String(user._id)),
        );
        // The factors, so the owner notices one they do not know (a stolen session's passkey).
        const factors = await deps.secondFactors?.describeForMail(String(user._id));
        await kit.mailQuietly(
          user.email,
          'password_reset',
          { name: user.display_name, resetLink: links.reset(token, user.pool_id) },
          String(user._id),
          factors && { de: { factors: factors.de }, en: { factors: factors.en } },
        );
      });
    },

    async resetPassword(token, newPassword, context, keep = {}) {
      // The policy is the account's pool's; the token is only looked at here, spent below.
      // A reset link, or a pool's invitation (which sets the first password the same way).
      const pending = await peekPasswordToken(oneTime, token);
      if (!pending) throw new AppError(AuthErrors.INVALID_RESET_TOKEN);
      const owner = await Users.findById(pending.userId, { pool_id: 1 }).lean<UserDocument>();
      await kit.assertPasswordPolicy(newPassword, owner?.pool_id ?? PLATFORM_POOL);
      const passwordHash = await deps.hasher.hash(newPassword, { address: context.ip });
      const consumed = await oneTime.consume(pending.purpose, token);
      if (!consumed?.userId) throw new AppError(AuthErrors.INVALID_RESET_TOKEN);
      // Proving control of the mailbox also confirms the address and lifts a lockout.
      const user = await Users.findOneAndUpdate(
        { _id: consumed.userId },
        { $set: { password_hash: passwordHash, is_verified: true } },
        { returnDocument: 'after', projection: { email: 1, display_name: 1, pool_id: 1 } },
      ).lean<UserDocument>();
      if (!user) throw new AppError(AuthErrors.INVALID_RESET_TOKEN);
      await kit.lockout.lift(accountKey(user.pool_id, user.email), context.ip);
      for (const purpose of PASSWORD_PURPOSES) await oneTime.revokeAll(purpose, consumed.userId);
      const factorsRemoved = (await deps.secondFactors?.removeRecent(consumed.userId, keep, context)) ?? [];
      const ended = await endCredentials(user, 'password_reset');
      await recordAudit(
        deps.activity,
        context,
        userEvent('user.password_reset', consumed.userId, {
          sessions_ended: ended.sessionsEnded,
          api_tokens_revoked: ended.tokensRevoked,
          factors_removed: factorsRemoved.map((factor) => factor.id),
        }),
      );
      return { factorsRemoved };
    },

    async passwordResetLink(userId) {
      return links.reset(await oneTime.issue('password_reset', userId), await kit.poolOf(userId));
    },

    async invitationLink(userId) {
      // One invitation at a time: inviting again voids the earlier link.
      await oneTime.revokeAll('pool_invitation', userId);
      return links.reset(await oneTime.issue('pool_invitation', userId), await kit.poolOf(userId));
    },
  };
}
