import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { TokensDeps, TokensService } from './tokens.contract.js';
import { TokenErrors } from './tokens.errors.js';
import type { AnnounceTokenEvent } from './tokens.events.js';
import { apiTokenModel, type ApiTokenDocument } from './tokens.model.js';
import { tokenView } from './tokens.views.js';

/** SPEC §9: `cs_` + 64 hex characters (32 random bytes); the first 8 characters are shown. */
export const TOKEN_PREFIX = 'cs_';
const VISIBLE_PREFIX_LENGTH = 8;

/** Issuing a token: the plaintext exists in the answer only; the database keeps its hash. */
export function createTokenIssuing(
  deps: TokensDeps,
  announce: AnnounceTokenEvent,
): Pick<TokensService, 'create'> {
  const Tokens = apiTokenModel(deps.connection);
  return {
    async create(userId, input, context) {
      const { application, organization } = await deps.applications.authorize(
        userId,
        input.application_id,
        'token:create',
      );
      // It would be refused on every request; say so now rather than hand out a dead token.
      if (!organization.is_active) throw new AppError(TokenErrors.ORGANIZATION_INACTIVE);
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('hex')}`;
      const created = (
        await Tokens.create({
          name: input.name,
          prefix: token.slice(0, VISIBLE_PREFIX_LENGTH),
          token_hash: sha256Hex(token),
          scopes: input.scopes,
          expires_at: input.expires_at ? new Date(input.expires_at) : null,
          user_id: new Types.ObjectId(userId),
          application_id: new Types.ObjectId(String(application._id)),
          organization_id: new Types.ObjectId(String(application.organization_id)),
          project_id: new Types.ObjectId(String(application.project_id)),
        })
      ).toObject<ApiTokenDocument>();
      await announce('token.created', created, context, 201);
      return { ...tokenView(created), token };
    },
  };
}
