import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';

/**
 * The sign-in code mailed to an account (POST /api/auth/email-code): at most one per account —
 * a new request replaces it. Only a hash of the code is stored; the document is spent on first
 * correct use, void after MAX_ATTEMPTS tries, and deleted by the database once expired.
 */
export interface EmailCodeDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** The account's pool; the code is only accepted by a request in the same pool. */
  pool_id: string;
  /** SHA-256 of the account id, a random salt and the code (email-code.ts, codeHash). */
  code_hash: string;
  salt: string;
  /** Tries so far, the right one included; counted before the code is compared. */
  attempts: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

const emailCodeSchema = new Schema<EmailCodeDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    pool_id: { type: String, required: true },
    code_hash: { type: String, required: true, private: true },
    salt: { type: String, required: true, private: true },
    attempts: { type: Number, default: 0 },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
  },
  { collection: 'auth_email_codes' },
);
emailCodeSchema.index({ user_id: 1 }, { unique: true });
emailCodeSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export function emailCodeModel(connection: Connection) {
  return modelOn(connection, 'EmailCode', emailCodeSchema);
}
