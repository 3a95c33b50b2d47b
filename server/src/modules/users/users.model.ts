import { Schema, type Connection } from 'mongoose';
import type { UserDocument } from '../../core/account.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import { SKILLS_FIELD } from '../../core/skills.js';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { invalidatesCaches } from '../../lib/cache-invalidation.js';

const userSchema = new Schema<UserDocument>(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    display_name: { type: String, required: true, trim: true, maxlength: 100 },
    password_hash: { type: String, default: null, private: true },
    is_verified: { type: Boolean, default: false },
    last_login_at: { type: Date, default: null },
    registered_application_id: { type: Schema.Types.ObjectId, default: null },
    google_id: { type: String, default: null, private: true },
    pool_id: { type: String, required: true, default: PLATFORM_POOL },
    blocked_at: { type: Date, default: null },
    skills: SKILLS_FIELD,
    // Application roles of an end user (issue #33, app-roles module): names of its project's roles.
    roles: { type: [String], default: [] },
  },
  { collection: 'profiles', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
// The pool leads: an address is unique within its pool, and {pool_id, email} is the shard key of
// a sharded deployment (docs/user-pools.md).
userSchema.index({ pool_id: 1, email: 1 }, { unique: true });
userSchema.index(
  { pool_id: 1, google_id: 1 },
  { unique: true, partialFilterExpression: { google_id: { $type: 'string' } } },
);
userSchema.index({ created_at: -1 });
userSchema.index({ pool_id: 1, created_at: -1 });
// A role renamed or deleted finds its holders in the pool.
userSchema.index({ pool_id: 1, roles: 1 });
userSchema.plugin(toJSONPlugin);
// Accounts are cached for the token checks (lib/cache-invalidation.ts); the sign-in time may lag elsewhere.
userSchema.plugin(invalidatesCaches, {
  topic: 'user',
  keyField: '_id',
  localOnly: ['last_login_at'],
  publishInserts: false,
});

export function userModel(connection: Connection) {
  return modelOn(connection, 'User', userSchema);
}
