import { Schema, type Types, type Connection } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

/**
 * SPEC §3 `profiles`, with the account's authentication fields in the same document. Fields
 * marked `private` never leave the server (see toJSONPlugin).
 */
export interface UserDocument {
  _id: Types.ObjectId;
  email: string;
  display_name: string;
  password_hash: string | null;
  is_verified: boolean;
  created_at: Date;
  last_login_at: Date | null;
  /** The embedding application the person registered through, if any. */
  registered_application_id: Types.ObjectId | null;
  google_id: string | null;
}

const userSchema = new Schema<UserDocument>(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    display_name: { type: String, required: true, trim: true, maxlength: 100 },
    password_hash: { type: String, default: null, private: true },
    is_verified: { type: Boolean, default: false },
    last_login_at: { type: Date, default: null },
    registered_application_id: { type: Schema.Types.ObjectId, default: null },
    google_id: { type: String, default: null, private: true },
  },
  { collection: 'profiles', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index(
  { google_id: 1 },
  { unique: true, partialFilterExpression: { google_id: { $type: 'string' } } },
);
userSchema.index({ created_at: -1 });
userSchema.plugin(toJSONPlugin);

export function userModel(connection: Connection) {
  return modelOn(connection, 'User', userSchema);
}
