import mongoose, { Types } from 'mongoose';
import { revocationFeedFor } from '../../lib/revocations.js';
import type { TokensDeps, TokensService } from './tokens.contract.js';
import type { AnnounceTokenEvent } from './tokens.events.js';
import { apiTokenModel, type ApiTokenDocument } from './tokens.model.js';
import { tokenView } from './tokens.views.js';

/**
 * Revoking tokens, one or all of a user's. Each revocation is published on the revocation feed,
 * so every server process stops accepting the token (tokens.authentication.ts listens).
 */
export function createTokenRevocation(
  deps: TokensDeps,
  parts: {
    announce: AnnounceTokenEvent;
    findOwn(userId: string, tokenId: string): Promise<ApiTokenDocument>;
  },
): Pick<TokensService, 'revoke' | 'revokeAllOfUser'> {
  const Tokens = apiTokenModel(deps.connection);
  const revocations = revocationFeedFor(deps.connection);
  const { announce, findOwn } = parts;

  /** Revokes the token unless it already is; null when someone else revoked it first. */
  const revokeIfActive = (_id: Types.ObjectId, at: Date) =>
    Tokens.findOneAndUpdate(
      { _id, is_active: true },
      { $set: { is_active: false, revoked_at: at } },
      { returnDocument: 'after' },
    ).lean<ApiTokenDocument>();

  return {
    async revoke(userId, tokenId, context) {
      const token = await findOwn(userId, tokenId);
      if (!token.is_active) return tokenView(token);
      const revoked = await revokeIfActive(token._id, new Date());
      // Null when a concurrent request revoked it first; that request wrote the audit entry.
      if (!revoked) return tokenView(await findOwn(userId, tokenId));
      await revocations.publish('api_token', String(revoked._id));
      await announce('token.revoked', revoked, context, 200);
      return tokenView(revoked);
    },

    async revokeAllOfUser(userId, reason, context = { ip: null, userAgent: null, pool: 'platform' }) {
      if (!Types.ObjectId.isValid(userId)) return 0;
      const now = new Date();
      const working = await Tokens.find({
        user_id: new Types.ObjectId(userId),
        is_active: true,
        $or: [{ expires_at: null }, { expires_at: mongoose.trusted({ $gt: now }) }],
      })
        .select({ _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      let revokedCount = 0;
      for (const { _id } of working) {
        // One conditional update per token, so each gets its own audit entry and a concurrent
        // revoke (which writes its own entry) is neither undone nor counted twice.
        const revoked = await revokeIfActive(_id, now);
        if (!revoked) continue;
        revokedCount += 1;
        await announce('token.revoked', revoked, context, 200, { reason });
      }
      if (revokedCount > 0) await revocations.publish('user_api_tokens', userId);
      return revokedCount;
    },
  };
}
