import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { accountKey, isPlatformPool } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { normalizeEmail, toPublicUser } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';
import type { LockNotice } from './sign-in.js';

/**
 * Changing the signed-in account's e-mail address (POST /auth/me/email and …/confirm): the new
 * address must prove itself by a link (one hour, once, stored hashed), the old one is told at
 * once and again when it is done. Within the account's pool only: an address another pool uses
 * is someone else's account and does not stand in the way.
 */

/** What the link's token carries: the new address and the session that asked for it. */
interface PendingChange {
  email: string;
  session: string | null;
}

/** Links mailed to the old address stop working once it is no longer the account's. */
const VOIDED_BY_CHANGE = [
  'email_change',
  'password_reset',
  'email_confirmation',
  'account_deletion',
] as const;

/** `n***@example.org`: enough for the owner to recognise an address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

function parsePending(payload: string | null | undefined): PendingChange | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<PendingChange>;
    if (typeof value.email !== 'string') return null;
    return { email: value.email, session: typeof value.session === 'string' ? value.session : null };
  } catch {
    return null;
  }
}

export function createEmailChange(
  kit: AccountKit,
  noticeLock: LockNotice,
): Pick<AuthService, 'requestEmailChange' | 'confirmEmailChange'> {
  const { deps, Users, oneTime, lockout, links } = kit;

  /** Where the link leads: the pool's hosted account page, or the dashboard's /auth for a team account. */
  function confirmLink(token: string, pool: string): string {
    const query = `mode=confirm-email&token=${encodeURIComponent(token)}`;
    return isPlatformPool(pool)
      ? links.dashboard(`/auth?${query}`)
      : `${deps.config.publicUrl}/p/${encodeURIComponent(pool)}/account?${query}`;
  }

  /** The current password as the proof, checked like at sign-in (the same lockout and notice). */
  async function checkPassword(user: UserDocument, password: string, context: RequestContext) {
    const account = accountKey(user.pool_id, user.email);
    await lockout.assertOpen(account, context.ip);
    const by = { address: context.ip, account };
    if (!user.password_hash || !(await deps.hasher.verify(password, user.password_hash, by))) {
      await noticeLock(user, await lockout.recordFailure(account, context.ip), context);
      throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
    }
    await lockout.recordSuccess(account, context.ip);
  }

  async function sendChangeMails(user: UserDocument, email: string, sessionId: string | null) {
    const userId = String(user._id);
    await oneTime.revokeAll('email_change', userId);
    const holder = await Users.findOne(
      { pool_id: user.pool_id, email },
      { _id: 1, display_name: 1, pool_id: 1 },
    ).lean<UserDocument>();
    if (holder) {
      // The address has an account in this pool: its owner is told, and nothing is issued.
      await kit.mailQuietly(
        email,
        'email_change_taken',
        { name: holder.display_name, signInUrl: links.signIn(holder.pool_id) },
        String(holder._id),
      );
    } else {
      const pending: PendingChange = { email, session: sessionId };
      const token = await oneTime.issue('email_change', userId, JSON.stringify(pending));
      await kit.mailQuietly(
        email,
        'email_change',
        { name: user.display_name, confirmLink: confirmLink(token, user.pool_id) },
        userId,
      );
    }
    const resetLink = links.reset(await oneTime.issue('password_reset', userId), user.pool_id);
    await kit.mailQuietly(
      user.email,
      'email_change_requested',
      { name: user.display_name, newEmail: maskEmail(email), resetLink },
      userId,
    );
  }

  return {
    async requestEmailChange(user, sessionId, input, context) {
      kit.assertNotBlocked(user);
      if (input.password !== undefined) await checkPassword(user, input.password, context);
      const email = normalizeEmail(input.email);
      if (email === user.email) throw new AppError(AuthErrors.EMAIL_UNCHANGED);
      await recordAudit(
        deps.activity,
        context,
        userEvent('user.email_change_requested', String(user._id), { to: maskEmail(email) }),
      );
      kit.afterResponse('the e-mail change mails', () => sendChangeMails(user, email, sessionId));
    },

    async confirmEmailChange(token, context) {
      const invalid = () => new AppError(AuthErrors.INVALID_EMAIL_CHANGE_TOKEN);
      const pendingToken = await oneTime.peek('email_change', token);
      const pending = parsePending(pendingToken?.payload);
      if (!pendingToken?.userId || !pending) throw invalid();
      const user = await Users.findById(pendingToken.userId).lean<UserDocument>();
      if (!user) throw invalid();
      kit.assertNotBlocked(user);
      // The change belongs to the session that asked: ended (a reset, sign-out, block), it is void.
      if (pending.session) {
        const asking = await kit.sessions.findActive(pending.session);
        if (!asking || String(asking.user_id) !== String(user._id)) throw invalid();
      }
      const holder = await Users.findOne({ pool_id: user.pool_id, email: pending.email }, { _id: 1 }).lean<
        Pick<UserDocument, '_id'>
      >();
      if (holder && String(holder._id) !== String(user._id)) throw new AppError(AuthErrors.EMAIL_TAKEN);
      // Spent only now: a link refused for a taken address stays usable should the address come free.
      if (!(await oneTime.consume('email_change', token))?.userId) throw invalid();
      let switched: UserDocument | null;
      try {
        switched = await Users.findOneAndUpdate(
          { _id: user._id, email: user.email },
          { $set: { email: pending.email, is_verified: true } },
          { returnDocument: 'after' },
        ).lean<UserDocument>();
      } catch (error) {
        // Taken between the check and the switch: the unique index {pool_id, email} decides.
        if (isDuplicateKey(error)) throw new AppError(AuthErrors.EMAIL_TAKEN);
        throw error;
      }
      if (!switched) throw invalid();
      const updated = switched;
      const userId = String(user._id);
      for (const purpose of VOIDED_BY_CHANGE) await oneTime.revokeAll(purpose, userId);
      const sessionsEnded = await kit.sessions.revokeAllForUser(
        userId,
        'email_changed',
        pending.session ?? undefined,
      );
      await recordAudit(
        deps.activity,
        context,
        userEvent('user.email_changed', userId, {
          from: user.email,
          to: updated.email,
          sessions_ended: sessionsEnded,
        }),
      );
      const publicUser = toPublicUser(updated);
      deps.webhooks?.emit('user.updated', { userId }, { user: publicUser, fields: ['email'] });
      kit.afterResponse('the e-mail changed notice', () =>
        kit.mailQuietly(
          user.email,
          'email_changed',
          { name: updated.display_name, newEmail: maskEmail(updated.email) },
          userId,
        ),
      );
      return { user: publicUser };
    },
  };
}
