import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { CredentialCache, RevocationFeed } from '../../lib/revocations.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthModels, SessionDocument } from './auth.model.js';
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

/** An end user's application roles and permissions, for the access tokens of their sessions. */
export type RoleClaims = (
  poolId: string,
  userId: string,
) => Promise<{ roles: string[]; permissions: string[] }>;

/**
 * Refresh tokens live in their session: the session document holds the SHA-256 of its current
 * refresh token and of the one before it. Starting a session is then one insert, and a rotation
 * one findOneAndUpdate that checks the token, its audience and the session's life, and stores the
 * next token at once. Every used token is also kept in `refresh_tokens` (used_at set), so that
 * presenting any earlier token of a session is recognised as reuse and ends the session, however
 * many rotations ago it was used. Sessions started before this (their current token in
 * `refresh_tokens`) are moved over at their next refresh.
 */
export interface TokenIssuer {
  models: AuthModels;
  keys: () => Promise<SigningKeys>;
  now: () => Date;
  roleClaims?: RoleClaims;
}

export interface RotationContext {
  issuer: TokenIssuer;
  revocations: RevocationFeed;
  cache: CredentialCache<SessionDocument>;
  /** Not revoked and not expired (filter operators marked trusted). */
  activeFilter(): Record<string, unknown>;
}

/** A new refresh token and the hash its session stores. */
export function newRefreshToken(): { raw: string; hash: string } {
  const raw = randomToken(32);
  return { raw, hash: sha256Hex(raw) };
}

/**
 * The token pair for a session whose refresh token is already stored: an access token signed for
 * its audience. An embedding session of a project pool's end user carries their application
 * `roles` and `permissions` as of now (a change shows from the next sign-in or refresh).
 */
export async function tokenPair(
  issuer: TokenIssuer,
  session: Pick<SessionDocument, '_id' | 'user_id' | 'application_id' | 'pool_id' | 'access_token_ttl_s'>,
  email: string,
  refreshToken: string,
): Promise<IssuedSession> {
  const pool = session.pool_id ?? PLATFORM_POOL;
  const roles =
    session.application_id && pool !== PLATFORM_POOL && issuer.roleClaims
      ? await issuer.roleClaims(pool, String(session.user_id))
      : undefined;
  const access = (await issuer.keys()).signAccessToken({
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
    expires_in: expiresAt - Math.floor(issuer.now().getTime() / 1000),
    expires_at: expiresAt,
  };
}

const audienceOf = (applicationId: string | null) =>
  applicationId === null
    ? null
    : Types.ObjectId.isValid(applicationId)
      ? new Types.ObjectId(applicationId)
      : undefined;

const sameAudience = (session: Pick<SessionDocument, 'application_id'>, applicationId: string | null) =>
  String(session.application_id ?? null) === String(applicationId);

export async function rotateRefreshToken(
  rotation: RotationContext,
  refreshToken: string,
  applicationId: string | null,
  emailOf: (userId: string) => Promise<string | null>,
): Promise<RotationResult> {
  const { issuer, revocations, cache } = rotation;
  const { models } = issuer;
  const tokenHash = sha256Hex(refreshToken);
  const current = issuer.now();
  const audience = audienceOf(applicationId);
  const next = newRefreshToken();
  const generation = revocations.generation;
  // The common case, in one command: the session's current token, of this audience, still live.
  let session =
    audience === undefined
      ? null
      : // The driver's collection: the hot path skips mongoose's casting and hydration (the
        // filter and update are ours, fully typed; the answer is read like a lean document).
        ((await models.Sessions.collection.findOneAndUpdate(
          {
            refresh_token_hash: tokenHash,
            application_id: audience,
            revoked_at: null,
            expires_at: { $gt: current },
          },
          {
            $set: {
              refresh_token_hash: next.hash,
              previous_refresh_token_hash: tokenHash,
              last_used_at: current,
            },
          },
          { returnDocument: 'after' },
        )) as SessionDocument | null);
  let recorded: Promise<unknown> = Promise.resolve();
  if (session) {
    // Kept as used, so that presenting it again, even after further rotations, is seen as reuse.
    // Written while the account is read (both only need the session); acknowledged before the answer.
    recorded = models.RefreshTokens.collection.insertOne({
      token_hash: tokenHash,
      session_id: session._id,
      user_id: session.user_id,
      used_at: current,
      expires_at: session.expires_at,
      created_at: current,
    });
  } else {
    const outcome = await slowPath(rotation, tokenHash, applicationId, next.hash);
    if (outcome.outcome === 'reused') return outcome;
    session = outcome.session;
  }
  const live: SessionDocument = session;
  if (revocations.generation === generation) cache.set(String(live._id), live, current.getTime());
  const [email] = await Promise.all([emailOf(String(live.user_id)), recorded]);
  if (!email) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  return {
    outcome: 'rotated',
    tokens: await tokenPair(issuer, live, email, next.raw),
    userId: String(live.user_id),
  };
}

/** Ends the session of a token presented a second time (reuse detection). */
async function reused(
  rotation: RotationContext,
  session: { sessionId: Types.ObjectId; userId: Types.ObjectId },
): Promise<Extract<RotationResult, { outcome: 'reused' }>> {
  await rotation.issuer.models.Sessions.updateOne(
    { _id: session.sessionId, revoked_at: null },
    { $set: { revoked_at: rotation.issuer.now(), revoke_reason: 'refresh_token_reuse' } },
  );
  await rotation.revocations.publish('session', String(session.sessionId));
  return { outcome: 'reused', sessionId: String(session.sessionId), userId: String(session.userId) };
}

/**
 * Everything but the common case: a token of another audience (refused untouched), a session's
 * previous or an earlier used token (reuse: the session ends), the token of an ended session, and
 * a token issued before tokens lived in their session (claimed in `refresh_tokens`, and the
 * session moved over).
 */
async function slowPath(
  rotation: RotationContext,
  tokenHash: string,
  applicationId: string | null,
  nextHash: string,
): Promise<
  { outcome: 'migrated'; session: SessionDocument } | Extract<RotationResult, { outcome: 'reused' }>
> {
  const { models, now } = rotation.issuer;
  const invalid = () => new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  const holder =
    (await models.Sessions.findOne({ refresh_token_hash: tokenHash }).lean<SessionDocument>()) ??
    (await models.Sessions.findOne({ previous_refresh_token_hash: tokenHash }).lean<SessionDocument>());
  if (holder) {
    // A partner site must not trade its application's token for a dashboard session (or another's).
    if (!sameAudience(holder, applicationId)) throw invalid();
    if (holder.refresh_token_hash !== tokenHash)
      return reused(rotation, { sessionId: holder._id, userId: holder.user_id });
    throw invalid(); // the current token of an ended session
  }
  const known = await models.RefreshTokens.findOne({ token_hash: tokenHash }).lean();
  if (!known) throw invalid();
  const owner =
    rotation.cache.get(String(known.session_id), now().getTime()) ??
    (await models.Sessions.findById(known.session_id, { application_id: 1 }).lean());
  if (owner && !sameAudience(owner, applicationId)) throw invalid();
  if (known.used_at) return reused(rotation, { sessionId: known.session_id, userId: known.user_id });
  const current = now();
  const claimed = await models.RefreshTokens.findOneAndUpdate(
    { token_hash: tokenHash, used_at: null, expires_at: mongoose.trusted({ $gt: current }) },
    { $set: { used_at: current } },
  ).lean();
  if (!claimed) {
    // Used by a concurrent refresh in between: reuse; or expired: invalid.
    const again = await models.RefreshTokens.findOne({ token_hash: tokenHash }).lean();
    if (again?.used_at) return reused(rotation, { sessionId: again.session_id, userId: again.user_id });
    throw invalid();
  }
  const session = await models.Sessions.findOneAndUpdate(
    { _id: claimed.session_id, ...rotation.activeFilter() },
    { $set: { refresh_token_hash: nextHash, previous_refresh_token_hash: null, last_used_at: current } },
    { returnDocument: 'after' },
  ).lean<SessionDocument>();
  if (!session) throw invalid();
  return { outcome: 'migrated', session };
}
