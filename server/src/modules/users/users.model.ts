import { Schema, type Connection } from 'mongoose';
import type { UserDocument } from '../../core/account.js';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

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
