import { recordAudit } from '../../core/audit.js';
import type { UserDocument } from '../../core/account.js';
import { AppError } from '../../lib/errors.js';
import { cachedUserById, toPublicUser } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';
import type { CurrentPasswordCheck, EndCredentials } from './passwords.js';

/** The signed-in user's own account: reading it, changing the display name or the password. */
export function createProfile(
  kit: AccountKit,
  checkCurrentPassword: CurrentPasswordCheck,
  endCredentials: EndCredentials,
): Pick<AuthService, 'getUser' | 'updateProfile'> {
  const { deps, Users } = kit;
  const userById = cachedUserById(Users.db);

  return {
    // Cached (users.cache.ts): the token check of every request reads the account.
    getUser: userById,

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
        changes.password_hash = await checkCurrentPassword(
          user,
          { current: input.current_password, next: input.password },
          context,
        );
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
        ? await endCredentials(user, 'password_changed', sessionId ?? undefined)
        : null;
      await recordAudit(
        deps.activity,
        context,
        userEvent(changes.password_hash ? 'user.password_changed' : 'user.profile_updated', userId, {
          fields: changed,
          ...(ended ? { sessions_ended: ended.sessionsEnded, api_tokens_revoked: ended.tokensRevoked } : {}),
        }),
      );
      deps.webhooks?.emit('user.updated', { userId }, { user: toPublicUser(updated!), fields: changed });
      return toPublicUser(updated!);
    },
  };
}
