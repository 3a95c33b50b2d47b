import { Schema, type Types, type Connection } from 'mongoose';
import { PLATFORM_POOL } from '../../core/pools.js';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

/** A signed-in device or browser. Refresh tokens belong to a session; revoking it ends them all. */
export interface SessionDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
  method: 'password' | 'google' | 'passkey' | 'email_code';
  /**
   * When the person last proved who they are in this session: the sign-in, then each step-up
   * (POST /auth/reauthenticate). A refresh does not renew it. Absent on sessions from before the
   * field existed: those count as not fresh.
   */
  auth_time: Date | null;
  /**
   * Set for sessions started through the embedding API: their access tokens carry this
   * application as audience and are refused by the product API (docs/security.md).
   */
  application_id: Types.ObjectId | null;
  /** The application's organization, so such a session reaches nothing outside it. */
  organization_id: Types.ObjectId | null;
  /** The account's pool (core/pools.ts); its access tokens carry it as the `pool` claim. */
  pool_id: string;
  /**
   * The pool requires a second factor and the account had none at sign-in: this session may only
   * set one up (routes with `secondFactorEnrollment`); then the person signs in again.
   */
  enrollment_only: boolean;
  /** The pool's access-token lifetime (its `session_lifetime_seconds`); null: the configured one. */
  access_token_ttl_s: number | null;
  /**
   * The second factor the sign-in's second step used (the OpenID provider's `acr`/`amr`); null
   * when there was no second step. Absent on sessions from before the field: null.
   */
  second_factor: SecondFactorUsed | null;
  /**
   * SHA-256 of the secret of the session's current refresh token, and the key that signs every
   * refresh token the session issues (refresh-token-format.ts). Absent on sessions of older releases
   * until their next refresh.
   */
  refresh_secret_hash?: string | null;
  refresh_family_key?: string | null;
  /**
   * Older releases: SHA-256 of the session's current refresh token and of the one before it (or, older
   * still, the current token in refresh_tokens). A session moved to the form above keeps the hash of
   * the last such token it used as `previous_refresh_token_hash` (presenting it again is reuse).
   */
  refresh_token_hash?: string | null;
  previous_refresh_token_hash?: string | null;
}

/** What completed a sign-in's second step. */
export type SecondFactorUsed = 'totp' | 'recovery_code' | 'passkey';

/** The factor a second-step body (POST …/mfa/challenge) used: a code, a recovery code or a passkey. */
export function secondFactorOfStep(step: {
  code?: string;
  recovery_code?: string;
  webauthn_response?: unknown;
}): SecondFactorUsed {
  if (step.webauthn_response) return 'passkey';
  if (step.recovery_code) return 'recovery_code';
  return 'totp';
}

const sessionSchema = new Schema<SessionDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    last_used_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
    revoked_at: { type: Date, default: null },
    revoke_reason: { type: String, default: null },
    ip_address: { type: String, default: null },
    user_agent: { type: String, default: null },
    method: { type: String, enum: ['password', 'google', 'passkey', 'email_code'], required: true },
    auth_time: { type: Date, default: null },
    application_id: { type: Schema.Types.ObjectId, default: null },
    organization_id: { type: Schema.Types.ObjectId, default: null },
    pool_id: { type: String, default: PLATFORM_POOL },
    enrollment_only: { type: Boolean, default: false },
    access_token_ttl_s: { type: Number, default: null },
    second_factor: { type: String, enum: ['totp', 'recovery_code', 'passkey', null], default: null },
    refresh_secret_hash: { type: String, private: true },
    refresh_family_key: { type: String, private: true },
    refresh_token_hash: { type: String, private: true },
    previous_refresh_token_hash: { type: String, private: true },
  },
  { collection: 'auth_sessions', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
sessionSchema.index({ user_id: 1, created_at: -1 });
sessionSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
// Only tokens of older releases are looked up by hash (the current form names its session).
sessionSchema.index({ refresh_token_hash: 1 }, { sparse: true });
sessionSchema.index({ previous_refresh_token_hash: 1 }, { sparse: true });
sessionSchema.plugin(toJSONPlugin);

/**
 * Every refresh token ever issued for a session, stored only as its SHA-256. A token is used
 * once (rotation); presenting a used one again is reuse and revokes the session.
 */
export interface RefreshTokenDocument {
  _id: Types.ObjectId;
  token_hash: string;
  session_id: Types.ObjectId;
  user_id: Types.ObjectId;
  created_at: Date;
  used_at: Date | null;
  expires_at: Date;
}

const refreshTokenSchema = new Schema<RefreshTokenDocument>(
  {
    token_hash: { type: String, required: true },
    session_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    used_at: { type: Date, default: null },
    expires_at: { type: Date, required: true },
  },
  { collection: 'refresh_tokens', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
refreshTokenSchema.index({ token_hash: 1 }, { unique: true });
refreshTokenSchema.index({ session_id: 1 });
refreshTokenSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const ONE_TIME_PURPOSES = [
  'email_confirmation',
  'password_reset',
  'oauth_code',
  'oauth_state',
  'account_deletion',
  'hosted_code',
  'pool_invitation',
  'email_change',
] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

/** Reset, confirmation and OAuth tokens: SHA-256 hash, expiry (TTL-deleted) and single use. */
export interface OneTimeTokenDocument {
  _id: Types.ObjectId;
  token_hash: string;
  purpose: OneTimePurpose;
  user_id: Types.ObjectId | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** Purpose-specific data, e.g. the PKCE code verifier of an OAuth state. */
  payload: string | null;
}

const oneTimeTokenSchema = new Schema<OneTimeTokenDocument>(
  {
    token_hash: { type: String, required: true },
    purpose: { type: String, enum: ONE_TIME_PURPOSES, required: true },
    user_id: { type: Schema.Types.ObjectId, default: null },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
    payload: { type: String, default: null, private: true },
  },
  { collection: 'auth_tokens', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
oneTimeTokenSchema.index({ token_hash: 1 }, { unique: true });
oneTimeTokenSchema.index({ user_id: 1, purpose: 1 });
oneTimeTokenSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

/** The JWT signing key shared by every server process (when not supplied through JWT_PRIVATE_KEY). */
export interface SigningKeyDocument {
  _id: string;
  kid: string;
  alg: 'ES256' | 'RS256';
  private_key_pem: string;
  created_at: Date;
}

const signingKeySchema = new Schema<SigningKeyDocument>(
  {
    _id: { type: String, required: true },
    kid: { type: String, required: true },
    alg: { type: String, enum: ['ES256', 'RS256'], required: true },
    private_key_pem: { type: String, required: true },
  },
  { collection: 'signing_keys', timestamps: { createdAt: 'created_at', updatedAt: false } },
);

export function authModels(connection: Connection) {
  return {
    Sessions: modelOn(connection, 'Session', sessionSchema),
    RefreshTokens: modelOn(connection, 'RefreshToken', refreshTokenSchema),
    OneTimeTokens: modelOn(connection, 'OneTimeToken', oneTimeTokenSchema),
    SigningKeys: modelOn(connection, 'SigningKey', signingKeySchema),
  };
}

export type AuthModels = ReturnType<typeof authModels>;
