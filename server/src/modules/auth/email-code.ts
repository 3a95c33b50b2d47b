import { randomInt } from 'node:crypto';
import mongoose from 'mongoose';
import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { accountKey } from '../../core/pools.js';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { normalizeEmail, toPublicUser } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';
import { emailCodeModel } from './email-code.model.js';
import type { LockNotice } from './sign-in.js';

/** A code is valid 10 minutes (the mail says so: mail.templates.ts, email_code). */
export const EMAIL_CODE_TTL_S = 600;
/** Tries per code, the right one included: after 5 wrong ones the code is void. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
const CODE_DIGITS = 6;
const CODE_PATTERN = /^\d{6}$/;

/** Six digits from the CSPRNG, leading zeros kept. */
function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/**
 * What is stored of a code: bound to the account (a hash copied to another account's document
 * matches nothing there) and salted. Six digits are few; the hash keeps codes out of backups and
 * logs, while the 10 minutes, the tries and the lockout are what keep them from being guessed.
 */
function codeHash(userId: string, salt: string, code: string): string {
  return sha256Hex(`email_code:${userId}:${salt}:${code}`);
}

/** As people type it from the mail: "123 456" and "123-456" are 123456. */
function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

/**
 * Sign-in with a one-time code by e-mail (issue #31; routes in the embedding module). Only in a
 * pool whose methods include `email_code`. The code goes only to an existing, not blocked account
 * of the request's pool — an unknown address gets nothing and no account is created, and the
 * answer is the same either way. Wrong codes count towards the sign-in lockout of the address.
 */
export function createEmailCodes(kit: AccountKit, noticeLock: LockNotice): Pick<AuthService, 'emailCodes'> {
  const { deps, Users, lockout, oneTime } = kit;
  const { activity } = deps;
  const EmailCodes = emailCodeModel(deps.connection);

  /** The one live code of the account: a new request replaces the previous one. */
  async function store(user: UserDocument, code: string) {
    const salt = randomToken(16);
    const issuedAt = new Date();
    const update = {
      $set: {
        pool_id: user.pool_id,
        code_hash: codeHash(String(user._id), salt, code),
        salt,
        attempts: 0,
        created_at: issuedAt,
        expires_at: new Date(issuedAt.getTime() + EMAIL_CODE_TTL_S * 1000),
        used_at: null,
      },
    };
    try {
      await EmailCodes.updateOne({ user_id: user._id }, update, { upsert: true });
    } catch (error) {
      // Two requests at once both inserted; the unique index kept one, which this one replaces.
      if (!isDuplicateKey(error)) throw error;
      await EmailCodes.updateOne({ user_id: user._id }, update);
    }
  }

  async function send(email: string, context: RequestContext) {
    const user = await Users.findOne({ pool_id: context.pool, email }).lean<UserDocument>();
    if (!user || user.blocked_at) return;
    const code = newCode();
    await store(user, code);
    await recordAudit(activity, context, userEvent('user.email_code_sent', String(user._id)));
    await kit.mailQuietly(
      user.email,
      'email_code',
      { name: user.display_name, signInCode: code, minutes: String(EMAIL_CODE_TTL_S / 60) },
      String(user._id),
    );
  }

  /**
   * The code proved the mailbox. An account that was never confirmed may have been registered
   * by someone else with a password of their choosing (pre-hijacking): as with Google sign-in,
   * nothing set up without that proof survives — password, sessions, API tokens, pending links.
   */
  async function confirmMailbox(user: UserDocument, context: RequestContext): Promise<UserDocument> {
    const confirmed = await Users.findOneAndUpdate(
      { _id: user._id, is_verified: false },
      { $set: { is_verified: true, password_hash: null } },
      { returnDocument: 'after' },
    ).lean<UserDocument>();
    if (!confirmed) return { ...user, is_verified: true };
    const userId = String(user._id);
    if (user.password_hash) {
      const sessionsEnded = await kit.sessions.revokeAllForUser(userId, 'unconfirmed_credentials_removed');
      const tokensRevoked = await deps.revokeApiTokensOfUser(userId, 'unconfirmed_credentials_removed');
      await oneTime.revokeAll('password_reset', userId);
      await recordAudit(
        activity,
        context,
        userEvent('user.email_code_took_over_unconfirmed', userId, {
          sessions_ended: sessionsEnded,
          api_tokens_revoked: tokensRevoked,
        }),
      );
    }
    await oneTime.revokeAll('email_confirmation', userId);
    await recordAudit(activity, context, userEvent('user.email_confirmed', userId, { method: 'email_code' }));
    deps.webhooks?.emit(
      'user.email_confirmed',
      {
        userId,
        applicationId: confirmed.registered_application_id
          ? String(confirmed.registered_application_id)
          : null,
      },
      { user: toPublicUser(confirmed) },
    );
    return confirmed;
  }

  return {
    emailCodes: {
      async request(rawEmail, context) {
        // The pool's setting is no secret; everything about the address happens after the response.
        await kit.assertMethodEnabled(context, 'email_code');
        const email = normalizeEmail(rawEmail);
        kit.afterResponse('e-mail sign-in code', () => send(email, context));
      },

      async verify(rawEmail, rawCode, context) {
        const email = normalizeEmail(rawEmail);
        const account = accountKey(context.pool, email);
        await kit.assertMethodEnabled(context, 'email_code');
        // Before anything that depends on the account: a locked address answers the same either way.
        await lockout.assertOpen(account, context.ip);
        const user = await Users.findOne({ pool_id: context.pool, email }).lean<UserDocument>();
        const code = normalizeCode(rawCode);
        // The try is counted before the comparison, in one atomic update: parallel guesses cannot
        // get more than EMAIL_CODE_MAX_ATTEMPTS comparisons out of one code.
        const live =
          user && CODE_PATTERN.test(code)
            ? await EmailCodes.findOneAndUpdate(
                {
                  user_id: user._id,
                  pool_id: context.pool,
                  used_at: null,
                  expires_at: mongoose.trusted({ $gt: new Date() }),
                  attempts: mongoose.trusted({ $lt: EMAIL_CODE_MAX_ATTEMPTS }),
                },
                { $inc: { attempts: 1 } },
                { returnDocument: 'after' },
              ).lean()
            : null;
        const right =
          user !== null &&
          live !== null &&
          safeEqual(live.code_hash, codeHash(String(user._id), live.salt, code));
        // Single use: of two requests with the right code, only one gets through.
        const spent =
          right &&
          (await EmailCodes.updateOne({ _id: live._id, used_at: null }, { $set: { used_at: new Date() } }))
            .modifiedCount === 1;
        if (!user || !spent) {
          const reason = !user ? 'unknown_email' : live ? 'wrong_email_code' : 'no_usable_email_code';
          await recordAudit(
            activity,
            context,
            userEvent(
              'user.login_failed',
              user ? String(user._id) : null,
              { email, method: 'email_code', reason },
              401,
            ),
          );
          const outcome = await lockout.recordFailure(account, context.ip);
          if (user) await noticeLock(user, outcome, context);
          throw new AppError(AuthErrors.INVALID_EMAIL_CODE);
        }
        await lockout.recordSuccess(account, context.ip);
        // After the code, so only the mailbox's owner learns that the account is blocked.
        kit.assertNotBlocked(user);
        return user.is_verified ? user : confirmMailbox(user, context);
      },
    },
  };
}
