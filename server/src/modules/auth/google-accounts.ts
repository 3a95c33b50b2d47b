import { Types } from 'mongoose';
import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { safeEqual, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { defaultDisplayName, normalizeEmail, toPublicUser } from '../users/index.js';
import { userEvent, type AccountKit } from './account-kit.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';

/** The accounts behind Google sign-in, and the one-time OAuth states of the flow (google.ts). */
export function createGoogleAccounts(kit: AccountKit): Pick<AuthService, 'signInWithGoogle' | 'oauthStates'> {
  const { deps, Users, oneTime } = kit;
  const { activity } = deps;

  /**
   * Pre-hijacking defence: someone may have registered the address with a password without ever
   * proving the mailbox. When Google proves it, the account goes to the mailbox owner and
   * nothing the registrant set up survives: password, sessions, API tokens, pending links.
   */
  async function takeBackUnconfirmedAccount(
    email: string,
    profile: { googleId: string; name: string | null },
    context: RequestContext,
  ): Promise<UserDocument | null> {
    const taken = await Users.findOneAndUpdate(
      { pool_id: context.pool, email, google_id: null, is_verified: false },
      {
        $set: {
          google_id: profile.googleId,
          is_verified: true,
          password_hash: null,
          ...(profile.name?.trim() ? { display_name: profile.name.trim() } : {}),
        },
      },
      { returnDocument: 'after' },
    ).lean<UserDocument>();
    if (!taken) return null;
    const userId = String(taken._id);
    const sessionsEnded = await kit.sessions.revokeAllForUser(userId, 'unconfirmed_credentials_removed');
    const tokensRevoked = await deps.revokeApiTokensOfUser(userId, 'unconfirmed_credentials_removed');
    await oneTime.revokeAll('password_reset', userId);
    await oneTime.revokeAll('email_confirmation', userId);
    await recordAudit(
      activity,
      context,
      userEvent('user.google_took_over_unconfirmed', userId, {
        sessions_ended: sessionsEnded,
        api_tokens_revoked: tokensRevoked,
      }),
    );
    const token = await oneTime.issue('password_reset', userId);
    await kit.mailQuietly(
      taken.email,
      'account_secured',
      { name: taken.display_name, resetLink: kit.links.reset(token, taken.pool_id) },
      userId,
    );
    return taken;
  }

  return {
    async signInWithGoogle(profile, context, options = {}) {
      const byGoogleId = await Users.findOne({
        pool_id: context.pool,
        google_id: profile.googleId,
      }).lean<UserDocument>();
      if (byGoogleId) return kit.assertNotBlocked(byGoogleId);
      if (!profile.email || !profile.emailVerified) {
        throw new AppError(AuthErrors.GOOGLE_EMAIL_UNVERIFIED);
      }
      const email = normalizeEmail(profile.email);
      const taken = await takeBackUnconfirmedAccount(email, profile, context);
      if (taken) return taken;
      // A confirmed account: its owner proved the mailbox, as Google just did; link them.
      const linked = await Users.findOneAndUpdate(
        { pool_id: context.pool, email, google_id: null, is_verified: true },
        { $set: { google_id: profile.googleId } },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      if (linked) {
        await recordAudit(activity, context, userEvent('user.google_linked', String(linked._id)));
        return kit.assertNotBlocked(linked);
      }
      // A new account: only where the pool lets anyone sign up (a closed or invitation-only pool's
      // existing accounts still sign in and link above).
      await kit.assertSignupOpen(context);
      const applicationId = options.applicationId ?? null;
      const created = (
        await Users.create({
          email,
          display_name: profile.name?.trim() || defaultDisplayName(email),
          password_hash: null,
          is_verified: true,
          google_id: profile.googleId,
          pool_id: context.pool,
          registered_application_id: applicationId ? new Types.ObjectId(applicationId) : null,
          roles: await kit.defaultRoles(context.pool),
        })
      ).toObject();
      await recordAudit(
        activity,
        context,
        userEvent(
          'user.registered',
          String(created._id),
          applicationId ? { method: 'google', application_id: applicationId } : { method: 'google' },
          201,
        ),
      );
      // As a registration through the application: its owner hears of the new end user.
      if (applicationId)
        deps.webhooks?.emit(
          'user.registered',
          { userId: String(created._id), applicationId },
          { user: toPublicUser(created), application_id: applicationId },
        );
      return created;
    },

    oauthStates: {
      issue: (codeVerifier, browserSecret, binding) =>
        oneTime.issue(
          'oauth_state',
          null,
          JSON.stringify({
            verifier: codeVerifier,
            browser: sha256Hex(browserSecret),
            ...(binding === undefined ? {} : { binding }),
          }),
        ),
      async consume(state, browserSecret) {
        const payload = (await oneTime.consume('oauth_state', state))?.payload;
        if (!payload || !browserSecret) return null;
        const bound = JSON.parse(payload) as { verifier: string; browser: string; binding?: string };
        if (!safeEqual(bound.browser, sha256Hex(browserSecret))) return null;
        return { verifier: bound.verifier, binding: bound.binding ?? null };
      },
    },
  };
}

/** One-time sign-in codes: the Google callback hands one to the dashboard instead of tokens. */
export function createExchangeCodes(
  kit: AccountKit,
): Pick<AuthService, 'issueExchangeCode' | 'redeemExchangeCode'> {
  const { Users, oneTime } = kit;
  return {
    issueExchangeCode(userId) {
      return oneTime.issue('oauth_code', userId);
    },

    async redeemExchangeCode(code) {
      const consumed = await oneTime.consume('oauth_code', code);
      const user = consumed?.userId ? await Users.findById(consumed.userId).lean<UserDocument>() : null;
      if (!user) throw new AppError(AuthErrors.INVALID_EXCHANGE_CODE);
      return user;
    },
  };
}
