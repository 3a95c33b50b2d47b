import { Types } from 'mongoose';
import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { accountKey } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { defaultDisplayName, normalizeEmail, toPublicUser } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';

/** Registration with e-mail and password, and the confirmation of the address. */
export function createRegistration(
  kit: AccountKit,
): Pick<AuthService, 'register' | 'confirmEmail' | 'resendConfirmation'> {
  const { deps, settings, Users, oneTime, links } = kit;
  const { activity } = deps;

  async function sendConfirmation(user: UserDocument): Promise<void> {
    await oneTime.revokeAll('email_confirmation', String(user._id));
    const token = await oneTime.issue('email_confirmation', String(user._id));
    await kit.mailQuietly(
      user.email,
      'email_confirmation',
      { name: user.display_name, confirmLink: links.confirm(token, user.pool_id) },
      String(user._id),
    );
  }

  /** No enumeration: answers exactly as for a new address, and tells the owner instead. */
  async function answerForExisting(
    existing: UserDocument,
    answer: { email: string; displayName: string },
    context: RequestContext,
  ) {
    await recordAudit(
      activity,
      context,
      userEvent('user.register_existing', String(existing._id), { email: answer.email }),
    );
    const token = await oneTime.issue('password_reset', String(existing._id));
    await kit.mailQuietly(
      existing.email,
      'registration_attempt',
      {
        name: existing.display_name,
        resetLink: links.reset(token, existing.pool_id),
        dashboardUrl: links.signIn(existing.pool_id),
      },
      String(existing._id),
    );
    return {
      user: {
        id: new Types.ObjectId().toHexString(),
        email: answer.email,
        display_name: answer.displayName,
        is_verified: false,
        created_at: new Date().toISOString(),
        last_login_at: null,
      },
      confirmation_required: settings.emailConfirmationRequired,
    };
  }

  const register: AuthService['register'] = async (input, context) => {
    const email = normalizeEmail(input.email);
    await kit.assertSignupOpen(context);
    await kit.assertPasswordPolicy(input.password, context.pool, context);
    const displayName = input.display_name?.trim() || defaultDisplayName(email);
    // Hash before looking the address up, so both outcomes cost the same time.
    const passwordHash = await deps.hasher.hash(input.password, {
      address: context.ip,
      account: accountKey(context.pool, email),
    });
    const existing = await Users.findOne({ pool_id: context.pool, email }).lean<UserDocument>();
    if (existing) return answerForExisting(existing, { email, displayName }, context);
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
          pool_id: context.pool,
          roles: await kit.defaultRoles(context.pool),
        })
      ).toObject();
    } catch (error) {
      // Two registrations of one address at the same moment: the loser answers like the winner.
      if (isDuplicateKey(error)) return register(input, context);
      throw error;
    }
    await recordAudit(
      activity,
      context,
      userEvent(
        'user.registered',
        String(created._id),
        { application_id: input.application_id ?? null },
        201,
      ),
    );
    deps.webhooks?.emit(
      'user.registered',
      { userId: String(created._id), applicationId: input.application_id },
      { user: toPublicUser(created), application_id: input.application_id ?? null },
    );
    await sendConfirmation(created);
    return { user: toPublicUser(created), confirmation_required: settings.emailConfirmationRequired };
  };

  return {
    register,

    async confirmEmail(token, context) {
      const consumed = await oneTime.consume('email_confirmation', token);
      if (!consumed?.userId) throw new AppError(AuthErrors.INVALID_CONFIRMATION_TOKEN);
      const user = await Users.findOneAndUpdate(
        { _id: consumed.userId },
        { $set: { is_verified: true } },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      if (!user) throw new AppError(AuthErrors.INVALID_CONFIRMATION_TOKEN);
      await recordAudit(activity, context, userEvent('user.email_confirmed', String(user._id)));
      // An application's end user completes the registration it saw (user.registered); a person
      // who signed up in the dashboard is no organization's business (docs/webhooks.md).
      deps.webhooks?.emit(
        'user.email_confirmed',
        {
          userId: String(user._id),
          applicationId: user.registered_application_id ? String(user.registered_application_id) : null,
        },
        { user: toPublicUser(user) },
      );
      await kit.mailQuietly(
        user.email,
        'welcome',
        { name: user.display_name, dashboardUrl: links.home(user.pool_id) },
        String(user._id),
      );
      return toPublicUser(user);
    },

    resendConfirmation(email, context) {
      kit.afterResponse('resend confirmation', async () => {
        const user = await Users.findOne({
          pool_id: context.pool,
          email: normalizeEmail(email),
        }).lean<UserDocument>();
        if (!user || user.is_verified) return;
        await recordAudit(activity, context, userEvent('user.confirmation_resent', String(user._id)));
        await sendConfirmation(user);
      });
    },
  };
}
