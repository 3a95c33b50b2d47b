import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { CredentialCache, revocationFeedFor } from '../../lib/revocations.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import type { RequestContext } from '../../core/request-context.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthModels, SecondFactorUsed, SessionDocument } from './auth.model.js';
import type { SigningKeys } from './signing-keys.js';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  /** Unix time in seconds at which the access token expires. */
  expires_at: number;
}

export interface IssuedSession extends TokenPair {
  session_id: string;
}

export type RotationResult =
  | { outcome: 'rotated'; tokens: IssuedSession; userId: string }
  | { outcome: 'reused'; sessionId: string; userId: string };

/** Where an embedding session was started: its tokens are for this application only. */
export interface SessionApplication {
  applicationId: string;
  organizationId: string;
  /** The pool's refresh lifetime (pool settings), instead of the configured one. */
  refreshLifetimeS?: number;
  /** Only for setting up a second factor (the pool requires one; the account has none). */
  enrollmentOnly?: boolean;
  /** The pool's access-token lifetime (pool settings), instead of the configured one. */
  accessTokenTtlS?: number;
}

export interface Sessions {
  create(
    user: { id: string; email: string; pool: string },
    method: SessionDocument['method'],
    context: RequestContext,
    application?: SessionApplication,
    /** What completed the sign-in's second step, if it had one. */
    secondFactor?: SecondFactorUsed | null,
  ): Promise<IssuedSession>;
  /**
   * Rotates a refresh token of a session of `applicationId` (null: a dashboard session). A token
   * of another audience is refused untouched; one presented twice revokes its whole session
   * (reuse detection).
   */
  rotate(
    refreshToken: string,
    applicationId: string | null,
    email: (userId: string) => Promise<string | null>,
  ): Promise<RotationResult>;
  /**
   * The live session with that id, or null when it ended (revoked or expired). Answered from an
   * in-process cache when it can be: an ended session is refused at once by the process that
   * ended it and within FRESH_MS (lib/revocations.ts) by every other process.
   */
  findActive(sessionId: string): Promise<SessionDocument | null>;
  listActive(userId: string): Promise<SessionDocument[]>;
  /**
   * Records a fresh proof of identity in the live session (step-up) and answers its time; null
   * when the session is not the user's or has ended.
   */
  renewAuthTime(sessionId: string, userId: string): Promise<Date | null>;
  revoke(sessionId: string, userId: string, reason: string): Promise<boolean>;
  revokeAllForUser(userId: string, reason: string, exceptSessionId?: string): Promise<number>;
}

/** A cached session is read again from the database at the latest after this. */
export const SESSION_CACHE_TTL_MS = 60_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** An end user's application roles and permissions, for the access tokens of their sessions. */
export type RoleClaims = (
  poolId: string,
  userId: string,
) => Promise<{ roles: string[]; permissions: string[] }>;

/**
 * A new refresh token for the session, and an access token signed for its audience. An embedding
 * session of a project pool's end user carries their application `roles` and `permissions` as of
 * now (a change shows from the next sign-in or refresh).
 */
async function issueTokens(
  options: { models: AuthModels; keys: () => Promise<SigningKeys>; now: () => Date; roleClaims?: RoleClaims },
  session: Pick<
    SessionDocument,
    '_id' | 'user_id' | 'expires_at' | 'application_id' | 'pool_id' | 'access_token_ttl_s'
  >,
  email: string,
): Promise<IssuedSession> {
  const refreshToken = randomToken(32);
  await options.models.RefreshTokens.create({
    token_hash: sha256Hex(refreshToken),
    session_id: session._id,
    user_id: session.user_id,
    expires_at: session.expires_at,
  });
  const pool = session.pool_id ?? PLATFORM_POOL;
  const roles =
    session.application_id && pool !== PLATFORM_POOL && options.roleClaims
      ? await options.roleClaims(pool, String(session.user_id))
      : undefined;
  const access = (await options.keys()).signAccessToken({
    sub: String(session.user_id),
    sid: String(session._id),
    email,
    pool,
    ...(roles ? { roles } : {}),
    ...(session.access_token_ttl_s ? { ttlS: session.access_token_ttl_s } : {}),
    ...(session.application_id ? { audience: String(session.application_id) } : {}),
  });
  const expiresAt = Math.floor(access.expiresAt.getTime() / 1000);
  return {
    session_id: String(session._id),
    access_token: access.token,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: expiresAt - Math.floor(options.now().getTime() / 1000),
    expires_at: expiresAt,
  };
}

export function createSessions(options: {
  models: AuthModels;
  keys: () => Promise<SigningKeys>;
  refreshTokenTtlS: number;
  now?: () => Date;
  roleClaims?: RoleClaims;
}): Sessions {
  const { models, keys } = options;
  const now = options.now ?? (() => new Date());
  const issuer = { models, keys, now, roleClaims: options.roleClaims };
  const revocations = revocationFeedFor(models.Sessions.db);
  const cache = new CredentialCache<SessionDocument>(SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX_ENTRIES);
  revocations.subscribe((kind, key) => {
    if (kind === 'session') cache.delete(key);
    else if (kind === 'user_sessions') cache.deleteWhere((session) => String(session.user_id) === key);
  });

  // Operators we write ourselves are marked trusted so the global sanitizeFilter keeps them.
  const activeFilter = () => ({ revoked_at: null, expires_at: mongoose.trusted({ $gt: now() }) });

  return {
    async create(user, method, context, application, secondFactor) {
      const current = now();
      const session = await models.Sessions.create({
        user_id: new Types.ObjectId(user.id),
        last_used_at: current,
        expires_at: new Date(
          current.getTime() + (application?.refreshLifetimeS ?? options.refreshTokenTtlS) * 1000,
        ),
        ip_address: context.ip,
        user_agent: context.userAgent,
        method,
        // Every sign-in proved who the person is; rotate() below never touches this.
        auth_time: current,
        application_id: application ? new Types.ObjectId(application.applicationId) : null,
        organization_id: application ? new Types.ObjectId(application.organizationId) : null,
        pool_id: user.pool,
        enrollment_only: application?.enrollmentOnly === true,
        access_token_ttl_s: application?.accessTokenTtlS ?? null,
        second_factor: secondFactor ?? null,
      });
      return issueTokens(issuer, session, user.email);
    },

    async rotate(refreshToken, applicationId, emailOf) {
      const tokenHash = sha256Hex(refreshToken);
      const current = now();
      // A partner site must not trade its application's refresh token for a dashboard session
      // (or another application's); such a token is refused before anything is consumed.
      const presented = await models.RefreshTokens.findOne(
        { token_hash: tokenHash },
        { session_id: 1 },
      ).lean();
      // A session's application never changes, so a cached copy (live or not) answers this.
      const owner = presented
        ? (cache.get(String(presented.session_id), current.getTime()) ??
          (await models.Sessions.findById(presented.session_id, { application_id: 1 }).lean()))
        : null;
      if (owner && String(owner.application_id ?? null) !== String(applicationId)) {
        throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
      }
      const claimed = await models.RefreshTokens.findOneAndUpdate(
        { token_hash: tokenHash, used_at: null, expires_at: mongoose.trusted({ $gt: current }) },
        { $set: { used_at: current } },
      ).lean();
      if (!claimed) {
        const known = await models.RefreshTokens.findOne({ token_hash: tokenHash }).lean();
        if (known?.used_at) {
          await models.Sessions.updateOne(
            { _id: known.session_id, revoked_at: null },
            { $set: { revoked_at: current, revoke_reason: 'refresh_token_reuse' } },
          );
          await revocations.publish('session', String(known.session_id));
          return { outcome: 'reused', sessionId: String(known.session_id), userId: String(known.user_id) };
        }
        throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
      }
      const generation = revocations.generation;
      const session = await models.Sessions.findOneAndUpdate(
        { _id: claimed.session_id, ...activeFilter() },
        { $set: { last_used_at: current } },
        { returnDocument: 'after' },
      ).lean();
      if (session && revocations.generation === generation)
        cache.set(String(session._id), session, current.getTime());
      const email = session ? await emailOf(String(session.user_id)) : null;
      if (!session || !email) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
      return {
        outcome: 'rotated',
        tokens: await issueTokens(issuer, session, email),
        userId: String(session.user_id),
      };
    },

    async findActive(sessionId) {
      if (!Types.ObjectId.isValid(sessionId)) return null;
      const current = now().getTime();
      if (revocations.isFresh()) {
        const cached = cache.get(sessionId, current);
        if (cached && cached.expires_at.getTime() > current) return cached;
      }
      const generation = revocations.generation;
      const session = await models.Sessions.findOne({ _id: sessionId, ...activeFilter() }).lean();
      // A read that overlapped an invalidation may predate the revocation: use it, do not keep it.
      if (session && revocations.generation === generation) cache.set(sessionId, session, current);
      return session;
    },

    async listActive(userId) {
      return models.Sessions.find({ user_id: new Types.ObjectId(userId), ...activeFilter() })
        .sort({ created_at: -1 })
        .limit(100)
        .lean();
    },

    async renewAuthTime(sessionId, userId) {
      if (!Types.ObjectId.isValid(sessionId)) return null;
      const authTime = now();
      const result = await models.Sessions.updateOne(
        { _id: sessionId, user_id: new Types.ObjectId(userId), ...activeFilter() },
        { $set: { auth_time: authTime } },
      );
      // Cached copies (here and in other processes) still hold the old time: drop them.
      await revocations.publish('session', sessionId);
      return result.matchedCount === 1 ? authTime : null;
    },

    async revoke(sessionId, userId, reason) {
      if (!Types.ObjectId.isValid(sessionId)) return false;
      const result = await models.Sessions.updateOne(
        { _id: sessionId, user_id: new Types.ObjectId(userId), ...activeFilter() },
        { $set: { revoked_at: now(), revoke_reason: reason } },
      );
      // Published even when nothing changed, so a retried sign-out reaches processes a failed publish missed.
      await revocations.publish('session', sessionId);
      return result.modifiedCount === 1;
    },

    async revokeAllForUser(userId, reason, exceptSessionId) {
      const filter: Record<string, unknown> = { user_id: new Types.ObjectId(userId), ...activeFilter() };
      if (exceptSessionId) filter._id = mongoose.trusted({ $ne: new Types.ObjectId(exceptSessionId) });
      const result = await models.Sessions.updateMany(filter, {
        $set: { revoked_at: now(), revoke_reason: reason },
      });
      await revocations.publish('user_sessions', userId);
      return result.modifiedCount;
    },
  };
}
