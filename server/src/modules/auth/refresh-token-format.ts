import { createHmac, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.js';

/**
 * Refresh tokens of a session's family: `<session id>.<secret>.<tag>`.
 *
 * - `secret`: 24 random bytes. The session stores only its SHA-256 (`refresh_secret_hash`) for the
 *   current token, so a rotation is one findAndModify on the session's `_id` — nothing else is written.
 * - `tag`: HMAC-SHA-256 of `<session id>.<secret>` under the session's own random key
 *   (`refresh_family_key`, never leaves the server). It proves that a token which is *not* the current
 *   one was issued for this session: every token of a family but the current one has been used (each is
 *   handed out by the rotation that used the one before it), so such a token is reuse and ends the
 *   session — however many rotations ago it was used, without a record per used token. A made-up token
 *   naming a session (its id is in every access token) has no valid tag: refused, the session untouched.
 *
 * Tokens without this shape are of an older release (a random string; its hash in the session's
 * `refresh_token_hash` or in `refresh_tokens`), handled as before and moved to this form at their
 * next rotation.
 */
export interface SessionRefreshToken {
  sessionId: Types.ObjectId;
  /** SHA-256 of the secret: what the session stores for its current token. */
  secretHash: string;
  /** `<session id>.<secret>`, what the tag signs. */
  signed: string;
  tag: string;
}

const SECRET_BYTES = 24;
const SECRET_LENGTH = 32; // base64url of 24 bytes
/** 128 bits of the HMAC: a forged tag is guessed with probability 2^-128. */
const TAG_LENGTH = 22;
const SHAPE = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{22})$/;

/** A new family key for a session (stored in it; signs its refresh tokens' tags). */
export function newFamilyKey(): string {
  return randomToken(32);
}

/** The next token's secret and the hash its session stores (before the session's key is known). */
export function newRefreshSecret(): { secret: string; hash: string } {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { secret, hash: sha256Hex(secret) };
}

function tagOf(familyKey: string, signed: string): string {
  return createHmac('sha256', familyKey).update(signed).digest('base64url').slice(0, TAG_LENGTH);
}

/** The token handed out for a session's current secret. */
export function sessionRefreshToken(
  sessionId: Types.ObjectId | string,
  secret: string,
  familyKey: string,
): string {
  const signed = `${String(sessionId)}.${secret}`;
  return `${signed}.${tagOf(familyKey, signed)}`;
}

/** The parts of a token of this form; null for anything else (a token of an older release, junk). */
export function parseSessionRefreshToken(token: string): SessionRefreshToken | null {
  if (token.length !== 24 + 1 + SECRET_LENGTH + 1 + TAG_LENGTH) return null;
  const match = SHAPE.exec(token);
  if (!match) return null;
  const [, id, secret, tag] = match as unknown as [string, string, string, string];
  return {
    sessionId: new Types.ObjectId(id),
    secretHash: sha256Hex(secret),
    signed: `${id}.${secret}`,
    tag,
  };
}

/** Whether the token was issued for the session holding this key (compared in constant time). */
export function issuedBy(token: SessionRefreshToken, familyKey: string | null | undefined): boolean {
  return typeof familyKey === 'string' && safeEqual(tagOf(familyKey, token.signed), token.tag);
}
