import { Types } from 'mongoose';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { isPlatformPool } from '../../core/pools.js';
import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { AuthErrors } from '../auth/index.js';
import { addressOf, ownerFilter, PERSONAL_DATA } from './privacy.data-map.js';
import { PrivacyErrors } from './privacy.errors.js';
import type { PrivacyDependencies, PrivacyService } from './privacy.types.js';

type AccountDeletion = Pick<
  PrivacyService,
  'deleteAccount' | 'requestDeletionLink' | 'confirmDeletion' | 'eraseAccount'
>;

/**
 * Deleting one's own account: with the password, or — for an account without one — with a fresh
 * second factor (the route's step-up) and the link mailed to the account.
 */
export function createAccountDeletion(deps: PrivacyDependencies): AccountDeletion {
  const { connection, organizations } = deps;
  const logger = deps.logger.child({ module: 'privacy' });

  /** Refuses while the account is the last admin of an active organization, naming them. */
  async function assertNotLastAdmin(userId: string) {
    const memberships = await organizations.membershipsOf(userId);
    const blocking: string[] = [];
    for (const membership of memberships) {
      if (membership.role !== 'admin') continue;
      const admins = await organizations.adminsOf(membership.id);
      if (admins.length <= 1 && (await organizations.findActive(membership.id)))
        blocking.push(membership.name);
    }
    if (blocking.length > 0) {
      throw new AppError(PrivacyErrors.LAST_ADMIN, {
        message: `You are the last admin of ${blocking.map((name) => `"${name}"`).join(', ')}. Make another member admin there (Organizations → Members) or deactivate the organization first, then delete your account.`,
        details: blocking.map((name) => ({ path: 'organizations', message: name })),
      });
    }
    return memberships;
  }

  /** The deletion itself, once the owner has proved it is them (password, or the mailed link). */
  async function erase(user: UserDocument, context: RequestContext): Promise<void> {
    const userId = String(user._id);
    const memberships = await assertNotLastAdmin(userId);

    // Told while the memberships still exist; the data names nobody beyond the id they knew.
    for (const membership of memberships)
      deps.webhooks?.emit('user.deleted', { organizationId: membership.id }, { user_id: userId });

    const sessionsEnded = await deps.auth.sessions.revokeAllForUser(userId, 'account_deleted');
    const tokensRevoked = await deps.tokens.revokeAllOfUser(userId, 'account_deleted', context);
    for (const membership of memberships) {
      const own = (await organizations.listMembers(userId, membership.id)).find((m) => m.user_id === userId);
      if (!own) continue;
      try {
        await organizations.removeMember(userId, membership.id, own.id, context);
      } catch (error) {
        // The last admin of a deactivated organization: the row goes with the rest below.
        if (!(error instanceof AppError)) throw error;
      }
    }

    const id = new Types.ObjectId(userId);
    // The profile last: should anything fail before, the account still exists and can try again.
    for (const entry of [...PERSONAL_DATA].reverse()) {
      const collection = connection.db!.collection(entry.collection);
      const filter = ownerFilter(entry, id, addressOf(user));
      if (entry.erase === 'delete') await collection.deleteMany(filter);
      else await collection.updateMany(filter, { $set: entry.erase.anonymize });
    }
    // Not recordAudit: it would store the address and user agent, which name the person again.
    await deps.activity.record({
      action: 'user.deleted',
      resource_type: 'user',
      // Nothing that could be matched back to the person: only what was ended.
      resource_id: null,
      status_code: 200,
      metadata: {
        sessions_ended: sessionsEnded,
        api_tokens_revoked: tokensRevoked,
        organizations_left: memberships.length,
      },
    });
    logger.info({ user_id: userId }, 'account deleted at its owner’s request');
  }

  return {
    async deleteAccount(userId, proof, context) {
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
      if (!user.password_hash) throw new AppError(PrivacyErrors.NO_PASSWORD);
      if (!proof.password) throw new AppError(PrivacyErrors.PASSWORD_REQUIRED);
      try {
        // Sign-in's check: lockout, audit trail and the same cost, so a stolen session is no password oracle.
        await deps.auth.verifyCredentials(user.email, proof.password, context);
      } catch (error) {
        if (error instanceof AppError && error.code === AuthErrors.INVALID_CREDENTIALS.code)
          throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
        throw error;
      }
      await erase(user, context);
    },

    async requestDeletionLink(userId, context) {
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
      if (user.password_hash) throw new AppError(PrivacyErrors.HAS_PASSWORD);
      // Said now rather than after the click: the link could not complete.
      await assertNotLastAdmin(userId);
      const { link, expiresAt } = await deps.auth.accountDeletionLinks.issue(userId);
      await deps.mail.sendTemplate({
        to: user.email,
        template: 'account_deletion',
        userId,
        // About the IAM account itself: always the platform's own text.
        applicationId: null,
        data: { name: user.display_name, deleteLink: link },
      });
      await recordAudit(deps.activity, context, {
        action: 'user.deletion_requested',
        resource_type: 'user',
        resource_id: userId,
        user_id: userId,
        status_code: 202,
      });
      return { sent_to: user.email, expires_at: expiresAt.toISOString() };
    },

    async confirmDeletion(token, context) {
      const userId = await deps.auth.accountDeletionLinks.consume(token);
      const user = userId ? await deps.users.findById(userId) : null;
      if (!user) throw new AppError(PrivacyErrors.INVALID_DELETION_TOKEN);
      await erase(user, context);
    },

    async eraseAccount(userId, context) {
      const user = await deps.users.findById(userId);
      // Only a project pool's end users: an organization's people are never deleted by others.
      if (!user || isPlatformPool(user.pool_id)) throw new AppError(CommonErrors.NOT_FOUND);
      await erase(user, context);
    },
  };
}
