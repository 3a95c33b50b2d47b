import type { UserDocument } from '../../core/account.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { defaultDisplayName } from '../users/index.js';
import { PoolUserErrors } from './pool-users.errors.js';
import type { PoolScope, PoolUsersKit } from './pool-users.kit.js';
import type { PoolUsersService } from './pool-users.types.js';
import { poolUserView } from './pool-users.views.js';

/**
 * The two use cases that mail a user a link to the pool's hosted reset page: the reset mail, and
 * the invitation (which creates the account first when the address is new to the pool).
 */
export function createPoolUserMails(
  kit: PoolUsersKit,
): Pick<PoolUsersService, 'sendPasswordReset' | 'invite'> {
  const { deps, Users } = kit;

  /**
   * The hosted reset page's link (/p/{project_id}/reset?token=…) with a fresh token of the auth
   * module (a one-hour reset token, or a 7-day invitation), which sets the password and confirms
   * the address.
   */
  function hostedResetLink(scope: PoolScope, authLink: string): string {
    const token = new URL(authLink).searchParams.get('token');
    if (!token) throw new Error('The auth module answered a password link without a token.');
    return `${deps.publicUrl}/p/${encodeURIComponent(scope.poolId)}/reset?token=${encodeURIComponent(token)}`;
  }

  /**
   * The application whose copies of the templates the pool's mails use (its name comes with the
   * mail service's `{{productName}}`, from the recipient's pool).
   */
  async function senderOf(scope: PoolScope) {
    return { applicationId: (await deps.poolMailSender(scope.projectId))?.applicationId ?? null };
  }

  function assertNotBlocked(user: UserDocument) {
    if (user.blocked_at) throw new AppError(PoolUserErrors.BLOCKED);
  }

  return {
    async sendPasswordReset(caller, projectId, userId, context) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:update');
      const user = await kit.findUser(scope, userId);
      assertNotBlocked(user);
      const [resetLink, factors, sender] = await Promise.all([
        deps.passwordResetLink(userId).then((link) => hostedResetLink(scope, link)),
        deps.secondFactors.describeForMail(userId),
        senderOf(scope),
      ]);
      await deps.mail.sendTemplate({
        to: user.email,
        template: 'password_reset',
        data: { name: user.display_name, resetLink },
        localizedData: { de: { factors: factors.de }, en: { factors: factors.en } },
        userId,
        applicationId: user.registered_application_id
          ? String(user.registered_application_id)
          : sender.applicationId,
      });
      await kit.audit(scope, caller, context, 'user.password_reset_sent', userId, {}, 202);
      return { sent_to: user.email };
    },

    async invite(caller, projectId, email, context) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:create');
      let user = await Users.findOne({ pool_id: scope.poolId, email }).lean<UserDocument>();
      let created = false;
      if (!user) {
        try {
          const [inserted] = await Users.create([
            {
              email,
              display_name: defaultDisplayName(email),
              pool_id: scope.poolId,
              password_hash: null,
              is_verified: false,
              roles: (await deps.defaultRoles?.(scope.poolId)) ?? [],
            },
          ]);
          user = inserted!.toObject() as UserDocument;
          created = true;
        } catch (error) {
          // Invited twice at once, or signed up meanwhile: the account exists, the link goes to it.
          if (!isDuplicateKey(error)) throw error;
          user = await Users.findOne({ pool_id: scope.poolId, email }).lean<UserDocument>();
          if (!user) throw error;
        }
      }
      assertNotBlocked(user);
      const userId = String(user._id);
      const [inviteLink, sender] = await Promise.all([
        deps.invitationLink(userId).then((link) => hostedResetLink(scope, link)),
        senderOf(scope),
      ]);
      // The mail service names the pool's brand ({{productName}}) and links its sign-in page.
      await deps.mail.sendTemplate({
        to: user.email,
        template: 'pool_invitation',
        data: { name: user.display_name, inviteLink },
        userId,
        applicationId: sender.applicationId,
      });
      await kit.audit(scope, caller, context, 'user.invited', userId, { created }, created ? 201 : 200);
      return {
        user: poolUserView(user, created ? false : (await kit.withSecondFactor([userId])).has(userId)),
        created,
      };
    },
  };
}
