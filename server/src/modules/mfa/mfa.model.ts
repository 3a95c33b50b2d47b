import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { invalidatesCaches } from '../../lib/cache-invalidation.js';

/** A user's TOTP authenticator: pending until confirmed with a code, then active. */
export interface MfaFactorDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  type: 'totp';
  /** AES-256-GCM ciphertext of the base32 secret (secret-box.ts), bound to the user id. */
  secret_encrypted: string;
  confirmed_at: Date | null;
  /** The last time step whose code was accepted; a code of this step or earlier is refused. */
  last_used_step: number;
  /** SHA-256 of each unused recovery code; a used one is pulled out. */
  recovery_code_hashes: string[];
  created_at: Date;
}

const factorSchema = new Schema<MfaFactorDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true, unique: true },
    type: { type: String, enum: ['totp'], required: true },
    secret_encrypted: { type: String, required: true, private: true },
    confirmed_at: { type: Date, default: null },
    last_used_step: { type: Number, default: -1 },
    recovery_code_hashes: { type: [String], default: [], private: true },
  },
  { collection: 'mfa_factors', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
factorSchema.plugin(toJSONPlugin);
// Whether a user has a second factor is cached (/auth/me, require_two_factor); each code's step may lag elsewhere.
factorSchema.plugin(invalidatesCaches, {
  topic: 'second_factor',
  keyField: 'user_id',
  localOnly: ['last_used_step'],
});

/** The second step of a password sign-in: a short-lived, single-use token bound to one user. */
export interface MfaChallengeDocument {
  _id: Types.ObjectId;
  token_hash: string;
  user_id: Types.ObjectId;
  /** The application whose embedding login issued it (null: the dashboard's); redeemable only there. */
  application_id: Types.ObjectId | null;
  /** The first factor that was passed: the session it opens records it. */
  first_factor: 'password' | 'google' | 'email_code';
  expires_at: Date;
  used_at: Date | null;
  failed_attempts: number;
}

const challengeSchema = new Schema<MfaChallengeDocument>(
  {
    token_hash: { type: String, required: true, unique: true, private: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    application_id: { type: Schema.Types.ObjectId, default: null },
    first_factor: { type: String, enum: ['password', 'google', 'email_code'], default: 'password' },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
    failed_attempts: { type: Number, default: 0 },
  },
  { collection: 'mfa_challenges' },
);
challengeSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
challengeSchema.plugin(toJSONPlugin);

/** The generated encryption key when MFA_ENCRYPTION_KEY is unset (one document, like signing_keys). */
export interface MfaKeyDocument {
  _id: string;
  key_base64: string;
}

const keySchema = new Schema<MfaKeyDocument>(
  { _id: { type: String, required: true }, key_base64: { type: String, required: true, private: true } },
  { collection: 'mfa_keys' },
);

export function mfaModels(connection: Connection) {
  return {
    Factors: modelOn(connection, 'MfaFactor', factorSchema),
    Challenges: modelOn(connection, 'MfaChallenge', challengeSchema),
    Keys: modelOn(connection, 'MfaKey', keySchema),
  };
}
export type MfaModels = ReturnType<typeof mfaModels>;
