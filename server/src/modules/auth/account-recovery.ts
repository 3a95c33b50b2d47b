import { recordAudit } from '../../core/audit.js';
import type { UserDocument } from '../../core/account.js';
import { AppError } from '../../lib/errors.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import { peekPasswordToken } from './one-time-tokens.js';
import type { AuthService } from './auth.types.js';

/**
 * Taking an account back after someone else changed its second factors (docs/two-factor.md):
 * the owner's "this wasn't me" link locks the password until a reset, and the reset screen shows
 * the factors before the owner chooses which recent ones to keep.
 */
export function createAccountRecovery(
  kit: AccountKit,
): Pick<AuthService, 'lockPasswordUntilReset' | 'inspectPasswordReset'> {
  const { deps, Users, oneTime, sessions, links } = kit;

  return {
    async lockPasswordUntilReset(userId, reason, context) {
      // The password may be what the intruder knows: without it, only a reset (the mailbox) signs in.
      await Users.updateOne({ _id: userId }, { $set: { password_hash: null } });
      const sessionsEnded = await sessions.revokeAllForUser(userId, reason);
      const tokensRevoked = await deps.revokeApiTokensOfUser(userId, reason);
      // Links the intruder may have asked for stop working; the one below is the owner's.
      await oneTime.revokeAll('password_reset', userId);
      const resetLink = links.reset(await oneTime.issue('password_reset', userId), await kit.poolOf(userId));
      await recordAudit(
        deps.activity,
        context,
        userEvent('user.password_locked', userId, {
          reason,
          sessions_ended: sessionsEnded,
          api_tokens_revoked: tokensRevoked,
        }),
      );
      return { resetLink, sessionsEnded, tokensRevoked };
    },

    async inspectPasswordReset(token) {
      const pending = await peekPasswordToken(oneTime, token);
      const user = pending ? await Users.findById(pending.userId, { _id: 1 }).lean<UserDocument>() : null;
      if (!user) throw new AppError(AuthErrors.INVALID_RESET_TOKEN);
      return (await deps.secondFactors?.list(String(user._id))) ?? [];
    },
  };
}
