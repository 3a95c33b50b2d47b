import mongoose, { Types } from 'mongoose';
import type { UserDocument } from '../../core/account.js';
import type { PoolScope, PoolUsersKit } from './pool-users.kit.js';
import type { PoolUsersService } from './pool-users.types.js';

/** Why the user's sessions ended, as the sessions store it and the audit trail names it. */
const REASON_BLOCKED = 'blocked_by_project';
const REASON_SIGNED_OUT = 'signed_out_by_project';
const REASON_FACTOR_RESET = 'second_factor_reset_by_project';

type Actions = Pick<PoolUsersService, 'block' | 'unblock' | 'signOut' | 'resetSecondFactor' | 'remove'>;

/** What a pool's admins do to one of its users. Each change is audited in the project. */
export function createPoolUserActions(kit: PoolUsersKit): Actions {
  const { deps, Users } = kit;

  /** Sets or clears `blocked_at`; answers the user after, and whether anything changed. */
  async function setBlocked(scope: PoolScope, userId: string, blocked: boolean) {
    const _id = new Types.ObjectId(userId);
    const changed = await Users.findOneAndUpdate(
      blocked
        ? { _id, pool_id: scope.poolId, blocked_at: null }
        : { _id, pool_id: scope.poolId, blocked_at: mongoose.trusted({ $type: 'date' }) },
      { $set: { blocked_at: blocked ? new Date() : null } },
      { returnDocument: 'after' },
    ).lean<UserDocument>();
    return { user: changed ?? (await kit.findUser(scope, userId)), changed: changed !== null };
  }

  return {
    async block(caller, projectId, userId, context) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:update');
      await kit.findUser(scope, userId);
      const { user, changed } = await setBlocked(scope, userId, true);
      // Ended at once in this process and, through auth_revocations, within the revocation bound in
      // every other (docs/performance.md); sign-in and refresh refuse a blocked account.
      const ended = await deps.sessions.revokeAllForUser(userId, REASON_BLOCKED);
      if (changed) await kit.audit(scope, caller, context, 'user.blocked', userId, { sessions_ended: ended });
      return kit.viewOf(user);
    },

    async unblock(caller, projectId, userId, context) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:update');
      await kit.findUser(scope, userId);
      const { user, changed } = await setBlocked(scope, userId, false);
      if (changed) await kit.audit(scope, caller, context, 'user.unblocked', userId);
      return kit.viewOf(user);
    },

    async signOut(caller, projectId, userId, context) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:update');
      await kit.findUser(scope, userId);
      const ended = await deps.sessions.revokeAllForUser(userId, REASON_SIGNED_OUT);
      await kit.audit(scope, caller, context, 'user.sessions_ended', userId, { sessions_ended: ended });
      return { sessions_ended: ended };
    },

    async resetSecondFactor(caller, projectId, userId, context) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:update');
      await kit.findUser(scope, userId);
      const removed: Array<{ id: string; type: 'totp' | 'passkey'; name: string }> = [];
      for (const factor of await deps.secondFactors.list(userId)) {
        if (await deps.secondFactors.revoke(userId, factor, REASON_FACTOR_RESET, context))
          removed.push({ id: factor.id, type: factor.type, name: factor.name });
      }
      await kit.audit(scope, caller, context, 'user.second_factor_reset', userId, {
        removed: removed.map((factor) => ({ id: factor.id, type: factor.type })),
      });
      return { removed };
    },

    async remove(caller, projectId, userId, context) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:delete');
      await kit.findUser(scope, userId);
      await deps.privacy.eraseAccount(userId, context);
      // Naming nobody: the erased account's id must not stay in the trail (the privacy module's rule).
      await kit.audit(scope, caller, context, 'user.deleted_by_admin', null, {}, 204);
    },
  };
}
