import type { UserDocument } from '../../core/account.js';
import { endUserPermissions, isPlatformPool } from '../../core/pools.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { CredentialCache, revocationFeedFor } from '../../lib/revocations.js';
import type { TokensDeps, TokensService } from './tokens.contract.js';
import { TokenErrors } from './tokens.errors.js';
import { apiTokenModel, type ApiTokenDocument } from './tokens.model.js';
import { FeedMemo } from '../../core/feed-memo.js';
import { createUsageRecorder } from './tokens.usage.js';
import { scopedPermissionFlags, statusOf } from './tokens.views.js';

const TOKEN_FORMAT = /^cs_[0-9a-f]{64}$/;

/** A cached token document is read again at the latest after this (revocations arrive sooner). */
const TOKEN_CACHE_TTL_MS = 60_000;
const TOKEN_CACHE_MAX_ENTRIES = 20_000;
/** How long a presented token's whole answer (token, owner, access) is kept while nothing changes. */
const PRESENTED_TTL_MS = 5_000;
const PRESENTED_MAX_ENTRIES = 10_000;

/** Presented tokens: who they belong to, and what their bearer may do in an application. */
export function createTokenAuthentication(
  deps: TokensDeps,
): Pick<TokensService, 'authenticate' | 'applicationPermissions'> {
  const Tokens = apiTokenModel(deps.connection);
  const revocations = revocationFeedFor(deps.connection);
  // Token documents by token hash. Revoking goes through this service, which publishes it: the
  // revoking process refuses the token at once, the others within FRESH_MS (lib/revocations.ts).
  // Expiry is checked on every request against the cached expires_at.
  const cache = new CredentialCache<ApiTokenDocument>(TOKEN_CACHE_TTL_MS, TOKEN_CACHE_MAX_ENTRIES);
  revocations.subscribe((kind, key) => {
    if (kind === 'api_token') cache.deleteWhere((token) => String(token._id) === key);
    else if (kind === 'user_api_tokens') cache.deleteWhere((token) => String(token.user_id) === key);
  });
  const recordUse = createUsageRecorder(Tokens, deps.logger, TOKEN_CACHE_MAX_ENTRIES);
  // Presented tokens as they were last authenticated — the token, its owner, and that the owner's
  // access to its application held — by the presented string: no hashing and no walk through the
  // caches while no invalidation at all has arrived (core/feed-memo.ts). Revoking a token, any write
  // to an account, membership, organization, project, application or custom role empties it.
  const presented = new FeedMemo<{ token: ApiTokenDocument; user: UserDocument }>(
    revocations,
    PRESENTED_TTL_MS,
    PRESENTED_MAX_ENTRIES,
  );

  async function findByHash(tokenHash: string, now: number): Promise<ApiTokenDocument | null> {
    if (revocations.isFresh()) {
      const cached = cache.get(tokenHash, now);
      if (cached) return cached;
    }
    const generation = revocations.generation;
    const token = await Tokens.findOne({ token_hash: tokenHash }).lean<ApiTokenDocument>();
    if (token?.is_active && revocations.generation === generation) cache.set(tokenHash, token, now);
    return token;
  }

  /** The token's organization, when its owner still has access to its application; else 401. */
  async function organizationOf(token: ApiTokenDocument): Promise<{ is_active: boolean }> {
    try {
      const { organization } = await deps.applications.authorize(
        String(token.user_id),
        String(token.application_id),
        'application:read',
      );
      return organization;
    } catch (error) {
      // The organization's two-factor policy is the owner's to fix (set up a factor), not a dead
      // token: its 403 two_factor_required says so and passes through.
      if (error instanceof AppError && error.code === 'two_factor_required') throw error;
      if (error instanceof AppError && (error.status === 403 || error.status === 404))
        throw new AppError(TokenErrors.NO_ACCESS);
      throw error;
    }
  }

  return {
    async authenticate(rawToken) {
      const now = Date.now();
      const known = presented.get(rawToken, now);
      // Expiry is the one thing that changes without a write: checked on every request.
      if (known && statusOf(known.token, now) === 'active') {
        await recordUse(known.token, now);
        return known;
      }
      if (!TOKEN_FORMAT.test(rawToken)) throw new AppError(TokenErrors.INVALID);
      const generation = presented.current;
      const token = await findByHash(sha256Hex(rawToken), now);
      if (!token) throw new AppError(TokenErrors.INVALID);
      const status = statusOf(token, now);
      if (status === 'revoked') throw new AppError(TokenErrors.REVOKED);
      if (status === 'expired') throw new AppError(TokenErrors.EXPIRED);
      const user = await deps.users.findById(String(token.user_id));
      if (!user) throw new AppError(TokenErrors.INVALID);
      const organization = await organizationOf(token);
      if (!organization.is_active) throw new AppError(TokenErrors.ORGANIZATION_INACTIVE);
      const answer = { token, user };
      presented.set(rawToken, answer, generation, now);
      await recordUse(token, now);
      return answer;
    },

    async applicationPermissions(caller, applicationId) {
      if (caller.applicationId && caller.applicationId !== applicationId)
        throw new AppError(TokenErrors.APPLICATION_NOT_FOUND);
      // An end user asks about their own application (checked above): no organization role.
      if (!isPlatformPool(caller.poolId))
        return endUserPermissions(
          applicationId,
          await deps.appRoles?.rolesAndPermissionsOf(caller.poolId, caller.userId),
        );
      const { role, permissions } = await deps.applications.authorize(
        caller.userId,
        applicationId,
        'application:read',
      );
      return {
        application_id: applicationId,
        role,
        roles: [],
        permissions: scopedPermissionFlags(permissions, caller.scopes),
        application_permissions: [],
      };
    },
  };
}
