import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { CredentialCache, RevocationFeed } from '../../lib/revocations.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthModels, SessionDocument } from './auth.model.js';
import {
  issuedBy,
  newFamilyKey,
  newRefreshSecret,
  parseSessionRefreshToken,
  sessionRefreshToken,
  type SessionRefreshToken,
} from './refresh-token-format.js';
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
 * Refresh tokens live in their session (refresh-token-format.ts): the session holds the SHA-256 of its
 * current token's secret and a key that signs every token it issues. Starting a session is one insert,
 * and a rotation one findOneAndUpdate on the session's `_id` that checks the token, its audience and
 * the session's life, and stores the next token's hash at once. Any earlier token of the session
 * (its tag proves it was issued there, and every issued token but the current one has been used) is
 * reuse and ends the session, however many rotations ago it was used. Tokens of older releases (a
 * random string: its hash in the session's `refresh_token_hash` or in `refresh_tokens`) are handled as
 * before and moved to the new form at their next refresh.
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

/** What a session stores for its first refresh token, and the secret the token is made of. */
export function firstRefreshToken(): {
  secret: string;
  stored: { refresh_secret_hash: string; refresh_family_key: string };
} {
  const next = newRefreshSecret();
  return {
    secret: next.secret,
    stored: { refresh_secret_hash: next.hash, refresh_family_key: newFamilyKey() },
  };
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
  const current = issuer.now();
  const audience = audienceOf(applicationId);
  const next = newRefreshSecret();
  const generation = revocations.generation;
  const token = parseSessionRefreshToken(refreshToken);
  let session: SessionDocument | null;
  if (token) {
    // The common case, in one command: the session's current token, of this audience, still live.
    // The driver's collection: the hot path skips mongoose's casting and hydration (the filter and
    // update are ours, fully typed; the answer is read like a lean document).
    session =
      audience === undefined
        ? null
        : ((await rotation.issuer.models.Sessions.collection.findOneAndUpdate(
            {
              _id: token.sessionId,
              refresh_secret_hash: token.secretHash,
              application_id: audience,
              revoked_at: null,
              expires_at: { $gt: current },
            },
            { $set: { refresh_secret_hash: next.hash, last_used_at: current } },
            { returnDocument: 'after' },
          )) as SessionDocument | null);
    if (!session) return familySlowPath(rotation, token, applicationId);
  } else {
    const outcome = await olderRelease(rotation, sha256Hex(refreshToken), audience, applicationId, next.hash);
    if (outcome.outcome === 'reused') return outcome;
    session = outcome.session;
  }
  const live: SessionDocument = session;
  if (revocations.generation === generation) cache.set(String(live._id), live, current.getTime());
  const email = await emailOf(String(live.user_id));
  if (!email || !live.refresh_family_key) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  return {
    outcome: 'rotated',
    tokens: await tokenPair(
      issuer,
      live,
      email,
      sessionRefreshToken(live._id, next.secret, live.refresh_family_key),
    ),
    userId: String(live.user_id),
  };
}

/**
 * A token of the session form that is not its session's current one of this audience, live: made up
 * (no such session, or a tag the session's key did not sign) or of another audience → refused, the
 * session untouched; the current token of an ended session → refused; any other token the session
 * issued → reuse, the session ends.
 */
async function familySlowPath(
  rotation: RotationContext,
  token: SessionRefreshToken,
  applicationId: string | null,
): Promise<Extract<RotationResult, { outcome: 'reused' }>> {
  const holder = await rotation.issuer.models.Sessions.findById(token.sessionId).lean<SessionDocument>();
  if (!holder || !sameAudience(holder, applicationId) || !issuedBy(token, holder.refresh_family_key))
    throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  if (holder.refresh_secret_hash === token.secretHash) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  return reused(rotation, { sessionId: holder._id, userId: holder.user_id });
}

/** What a session of an older release stores when its token is rotated into the new form. */
function movedToFamilyForm(nextHash: string, current: Date) {
  return {
    $set: {
      refresh_secret_hash: nextHash,
      refresh_family_key: newFamilyKey(),
      last_used_at: current,
    },
  };
}

/**
 * A token of an older release: the session's current one (its hash in `refresh_token_hash`) is
 * rotated in one command into the new form — the token just used becomes the session's
 * `previous_refresh_token_hash` (presenting it again is reuse); earlier ones are in `refresh_tokens`.
 */
async function olderRelease(
  rotation: RotationContext,
  tokenHash: string,
  audience: Types.ObjectId | null | undefined,
  applicationId: string | null,
  nextHash: string,
): Promise<
  { outcome: 'migrated'; session: SessionDocument } | Extract<RotationResult, { outcome: 'reused' }>
> {
  const current = rotation.issuer.now();
  const moved = movedToFamilyForm(nextHash, current);
  const session =
    audience === undefined
      ? null
      : ((await rotation.issuer.models.Sessions.collection.findOneAndUpdate(
          {
            refresh_token_hash: tokenHash,
            application_id: audience,
            revoked_at: null,
            expires_at: { $gt: current },
          },
          {
            $set: { ...moved.$set, previous_refresh_token_hash: tokenHash },
            $unset: { refresh_token_hash: '' },
          },
          { returnDocument: 'after' },
        )) as SessionDocument | null);
  if (session) return { outcome: 'migrated', session };
  return slowPath(rotation, tokenHash, applicationId, nextHash);
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
 * A token of an older release that is not its session's current one: of another audience (refused
 * untouched), a session's previous or an earlier used token (reuse: the session ends), the token of
 * an ended session, and a token issued before tokens lived in their session (claimed in
 * `refresh_tokens`, and the session moved to the new form).
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
    { ...movedToFamilyForm(nextHash, current), $unset: { refresh_token_hash: '' } },
    { returnDocument: 'after' },
  ).lean<SessionDocument>();
  if (!session) throw invalid();
  return { outcome: 'migrated', session };
}
