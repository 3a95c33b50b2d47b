import mongoose, { Types } from 'mongoose';
import { CredentialCache, revocationFeedFor } from '../../lib/revocations.js';
import type { RequestContext } from '../../core/request-context.js';
import type { AuthModels, SecondFactorUsed, SessionDocument } from './auth.model.js';
import {
  firstRefreshToken,
  rotateRefreshToken,
  tokenPair,
  type IssuedSession,
  type RoleClaims,
  type RotationResult,
} from './refresh-rotation.js';
import { sessionRefreshToken } from './refresh-token-format.js';
import type { SigningKeys } from './signing-keys.js';

export type { IssuedSession, RoleClaims, RotationResult, TokenPair } from './refresh-rotation.js';

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
      // The first refresh token is stored in the session itself: starting a session is one insert.
      const refresh = firstRefreshToken();
      // Written whole through the driver, every field as the schema would store it (defaults,
      // created_at, __v): mongoose's document, casting and validation cost more request-thread CPU
      // than the rest of the insert, for values built right here (session-document.test.ts compares both).
      const session: SessionDocument & { __v: number } = {
        _id: new Types.ObjectId(),
        user_id: new Types.ObjectId(user.id),
        last_used_at: current,
        expires_at: new Date(
          current.getTime() + (application?.refreshLifetimeS ?? options.refreshTokenTtlS) * 1000,
        ),
        revoked_at: null,
        revoke_reason: null,
        ip_address: context.ip ?? null,
        user_agent: context.userAgent ?? null,
        method,
        // Every sign-in proved who the person is; rotate() below never touches this.
        auth_time: current,
        application_id: application ? new Types.ObjectId(application.applicationId) : null,
        organization_id: application ? new Types.ObjectId(application.organizationId) : null,
        pool_id: user.pool,
        enrollment_only: application?.enrollmentOnly === true,
        access_token_ttl_s: application?.accessTokenTtlS ?? null,
        second_factor: secondFactor ?? null,
        ...refresh.stored,
        created_at: current,
        __v: 0,
      };
      await models.Sessions.collection.insertOne(session);
      return tokenPair(
        issuer,
        session,
        user.email,
        sessionRefreshToken(session._id, refresh.secret, refresh.stored.refresh_family_key),
      );
    },

    rotate(refreshToken, applicationId, emailOf) {
      return rotateRefreshToken(
        { issuer, revocations, cache, activeFilter },
        refreshToken,
        applicationId,
        emailOf,
      );
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
