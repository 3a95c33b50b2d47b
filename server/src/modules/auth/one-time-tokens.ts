import mongoose, { Types } from 'mongoose';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { AuthModels, OneTimePurpose } from './auth.model.js';

/** How long each kind of one-time token stays valid. */
export const ONE_TIME_TTL_S: Record<OneTimePurpose, number> = {
  email_confirmation: 24 * 3600,
  password_reset: 3600, // SPEC §9: reset tokens are valid one hour
  oauth_code: 300,
  oauth_state: 600,
  // The link that completes deleting an account without a password: short, like a step-up.
  account_deletion: 1800,
  // The hosted pages' sign-in code (embedding.hosted.ts): traded by the page it redirects to at once.
  hosted_code: 60,
  // A project pool's invitation (the user management's invite): sets the first password, like a
  // reset link, but waits a week for a person who did not ask for it.
  pool_invitation: 7 * 24 * 3600,
  // The link to a new e-mail address (email-change.ts); its payload: the address and the asking session.
  email_change: 3600,
};

/** The tokens whose holder may choose the account's password (POST /password-reset, action reset). */
export const PASSWORD_PURPOSES = [
  'password_reset',
  'pool_invitation',
] as const satisfies readonly OneTimePurpose[];
export type PasswordPurpose = (typeof PASSWORD_PURPOSES)[number];

/** A usable password-setting token's purpose and account, without spending it; null when none. */
export async function peekPasswordToken(
  oneTime: Pick<OneTimeTokens, 'peek'>,
  rawToken: string,
): Promise<{ purpose: PasswordPurpose; userId: string } | null> {
  for (const purpose of PASSWORD_PURPOSES) {
    const pending = await oneTime.peek(purpose, rawToken);
    if (pending?.userId) return { purpose, userId: pending.userId };
  }
  return null;
}

export interface OneTimeTokens {
  /** Issues a token (32 random bytes); only its SHA-256 is stored. Returns the raw token. */
  issue(purpose: OneTimePurpose, userId: string | null, payload?: string): Promise<string>;
  /** Marks the token used and returns its user id, or null when unknown, expired or already used. */
  consume(
    purpose: OneTimePurpose,
    rawToken: string,
  ): Promise<{ userId: string | null; payload: string | null } | null>;
  /** A usable token's user and payload without spending it (the reset screen lists the factors first). */
  peek(
    purpose: OneTimePurpose,
    rawToken: string,
  ): Promise<{ userId: string | null; payload: string | null } | null>;
  /** Invalidates every unused token of that purpose for the user (e.g. older reset links after a reset). */
  revokeAll(purpose: OneTimePurpose, userId: string): Promise<void>;
}

export function createOneTimeTokens(models: AuthModels, now: () => Date = () => new Date()): OneTimeTokens {
  return {
    async issue(purpose, userId, payload) {
      const raw = randomToken(32);
      await models.OneTimeTokens.create({
        token_hash: sha256Hex(raw),
        purpose,
        user_id: userId ? new Types.ObjectId(userId) : null,
        expires_at: new Date(now().getTime() + ONE_TIME_TTL_S[purpose] * 1000),
        payload: payload ?? null,
      });
      return raw;
    },
    async consume(purpose, rawToken) {
      if (!rawToken) return null;
      const current = now();
      // One atomic update: two concurrent uses of the same token cannot both succeed.
      // (Operators we write ourselves are marked trusted so sanitizeFilter keeps them.)
      const token = await models.OneTimeTokens.findOneAndUpdate(
        {
          token_hash: sha256Hex(rawToken),
          purpose,
          used_at: null,
          expires_at: mongoose.trusted({ $gt: current }),
        },
        { $set: { used_at: current } },
      ).lean();
      return token ? { userId: token.user_id ? String(token.user_id) : null, payload: token.payload } : null;
    },
    async peek(purpose, rawToken) {
      if (!rawToken) return null;
      const token = await models.OneTimeTokens.findOne({
        token_hash: sha256Hex(rawToken),
        purpose,
        used_at: null,
        expires_at: mongoose.trusted({ $gt: now() }),
      }).lean();
      return token ? { userId: token.user_id ? String(token.user_id) : null, payload: token.payload } : null;
    },
    async revokeAll(purpose, userId) {
      await models.OneTimeTokens.updateMany(
        { user_id: new Types.ObjectId(userId), purpose, used_at: null },
        { $set: { used_at: now() } },
      );
    },
  };
}
