import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { invalidatesCaches } from '../../lib/cache-invalidation.js';

/** A registered WebAuthn credential (passkey or security key) of one account. */
export interface PasskeyDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** The credential id (base64url) the authenticator names in every assertion; unique. */
  credential_id: string;
  /** The COSE public key (base64url): public, but only the server needs it. */
  public_key: string;
  /** The authenticator's signature counter; an assertion must raise it (0 stays 0 for synced passkeys). */
  counter: number;
  transports: string[];
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  /** The authenticator model's id (all zeros with 'none' attestation from most platforms). */
  aaguid: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const passkeySchema = new Schema<PasskeyDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true, index: true },
    credential_id: { type: String, required: true, unique: true },
    public_key: { type: String, required: true, private: true },
    counter: { type: Number, default: 0, private: true },
    transports: { type: [String], default: [] },
    device_type: { type: String, enum: ['singleDevice', 'multiDevice'], required: true },
    backed_up: { type: Boolean, default: false },
    aaguid: { type: String, default: '' },
    name: { type: String, required: true },
    last_used_at: { type: Date, default: null },
  },
  { collection: 'mfa_passkeys', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
passkeySchema.plugin(toJSONPlugin);
passkeySchema.plugin(invalidatesCaches, {
  topic: 'second_factor',
  keyField: 'user_id',
  localOnly: ['counter', 'last_used_at'],
});

export type WebAuthnCeremony = 'registration' | 'second_factor' | 'passwordless';

/**
 * A challenge the server handed out, stored as SHA-256 and deleted when a response names it (one
 * use), bound to what it was issued for: the ceremony, the account (none for a passwordless
 * sign-in, which does not know it yet) and, for a second step, the sign-in's mfa challenge. A
 * passwordless challenge also names the user pool it was issued for (the dashboard's or an
 * application's project pool), so it signs in nowhere else.
 */
export interface WebAuthnChallengeDocument {
  _id: Types.ObjectId;
  challenge_hash: string;
  ceremony: WebAuthnCeremony;
  user_id: Types.ObjectId | null;
  mfa_challenge_id: Types.ObjectId | null;
  /** The pool of a passwordless sign-in (core/pools.ts); null for the other ceremonies. */
  pool_id: string | null;
  expires_at: Date;
}

const challengeSchema = new Schema<WebAuthnChallengeDocument>(
  {
    challenge_hash: { type: String, required: true, unique: true, private: true },
    ceremony: { type: String, enum: ['registration', 'second_factor', 'passwordless'], required: true },
    user_id: { type: Schema.Types.ObjectId, default: null },
    mfa_challenge_id: { type: Schema.Types.ObjectId, default: null },
    pool_id: { type: String, default: null },
    expires_at: { type: Date, required: true },
  },
  { collection: 'mfa_webauthn_challenges' },
);
challengeSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
challengeSchema.plugin(toJSONPlugin);

export function passkeyModels(connection: Connection) {
  return {
    Passkeys: modelOn(connection, 'MfaPasskey', passkeySchema),
    Challenges: modelOn(connection, 'MfaWebAuthnChallenge', challengeSchema),
  };
}
export type PasskeyModels = ReturnType<typeof passkeyModels>;
