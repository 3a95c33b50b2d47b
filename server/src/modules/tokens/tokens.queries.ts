import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { paginateNewestFirst } from '../../lib/pagination.js';
import type { TokensDeps, TokensService } from './tokens.contract.js';
import { TokenErrors } from './tokens.errors.js';
import { apiTokenModel, type ApiTokenDocument } from './tokens.model.js';
import { tokenView } from './tokens.views.js';

/** Reading tokens: a person's own (listed, one by id) and counts for the analytics summary. */
export function createTokenQueries(deps: Pick<TokensDeps, 'connection'>) {
  const Tokens = apiTokenModel(deps.connection);

  /** One of the user's own tokens, or 404 (also for other users' tokens). */
  async function findOwn(userId: string, tokenId: string): Promise<ApiTokenDocument> {
    const token =
      Types.ObjectId.isValid(tokenId) && Types.ObjectId.isValid(userId)
        ? await Tokens.findOne({
            _id: new Types.ObjectId(tokenId),
            user_id: new Types.ObjectId(userId),
          }).lean<ApiTokenDocument>()
        : null;
    if (!token) throw new AppError(TokenErrors.NOT_FOUND);
    return token;
  }

  const service: Pick<TokensService, 'list' | 'get' | 'countUsableAt' | 'countUsableByApplication'> = {
    async list(userId, query) {
      const filter: Record<string, unknown> = { user_id: new Types.ObjectId(userId) };
      if (query.application_id) filter.application_id = new Types.ObjectId(query.application_id);
      const page = await paginateNewestFirst(Tokens, filter, query);
      const now = Date.now();
      return { data: page.data.map((token) => tokenView(token, now)), next_cursor: page.next_cursor };
    },

    async get(userId, tokenId) {
      return tokenView(await findOwn(userId, tokenId));
    },

    countUsableAt(userId, scope, ids, at) {
      const trusted = mongoose.trusted;
      return Tokens.countDocuments({
        user_id: new Types.ObjectId(userId),
        [`${scope}_id`]: trusted({ $in: ids }),
        created_at: trusted({ $lte: at }),
        $and: [
          { $or: [{ revoked_at: null }, { revoked_at: trusted({ $gt: at }) }] },
          { $or: [{ expires_at: null }, { expires_at: trusted({ $gt: at }) }] },
        ],
      });
    },

    async countUsableByApplication(userId, applicationIds) {
      const counts = new Map(applicationIds.map((id) => [id, 0]));
      const ids = applicationIds
        .filter((id) => Types.ObjectId.isValid(id))
        .map((id) => new Types.ObjectId(id));
      if (ids.length === 0 || !Types.ObjectId.isValid(userId)) return counts;
      const now = new Date();
      // An aggregation's stages reach the driver as written (no sanitizeFilter): ids are ObjectIds here.
      const groups = await Tokens.aggregate<{ _id: Types.ObjectId; count: number }>([
        {
          $match: {
            user_id: new Types.ObjectId(userId),
            application_id: { $in: ids },
            revoked_at: null,
            $or: [{ expires_at: null }, { expires_at: { $gt: now } }],
          },
        },
        { $group: { _id: '$application_id', count: { $sum: 1 } } },
      ]);
      for (const group of groups) counts.set(String(group._id), group.count);
      return counts;
    },
  };
  return { service, findOwn };
}
