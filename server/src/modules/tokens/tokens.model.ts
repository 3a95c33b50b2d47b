import { Schema, type Types, type Connection } from 'mongoose';
import { TOKEN_SCOPES, type TokenScope } from '../../lib/api-router.js';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

/**
 * SPEC §3 `api_tokens`. The token itself is never stored: only its SHA-256 hex digest (the
 * lookup key) and its first 8 characters (for people to recognise it). `organization_id` and
 * `project_id` are copied from the application at creation so audit entries can name them even
 * after the application is gone.
 */
export interface ApiTokenDocument {
  _id: Types.ObjectId;
  name: string;
  prefix: string;
  token_hash: string;
  scopes: TokenScope[];
  expires_at: Date | null;
  is_active: boolean;
  revoked_at: Date | null;
  user_id: Types.ObjectId;
  application_id: Types.ObjectId;
  organization_id: Types.ObjectId;
  project_id: Types.ObjectId;
  last_used_at: Date | null;
  created_at: Date;
}

const apiTokenSchema = new Schema<ApiTokenDocument>(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    prefix: { type: String, required: true },
    token_hash: { type: String, required: true, private: true },
    scopes: { type: [{ type: String, enum: TOKEN_SCOPES }], required: true },
    expires_at: { type: Date, default: null },
    is_active: { type: Boolean, default: true },
    revoked_at: { type: Date, default: null },
    user_id: { type: Schema.Types.ObjectId, required: true },
    application_id: { type: Schema.Types.ObjectId, required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    project_id: { type: Schema.Types.ObjectId, required: true },
    last_used_at: { type: Date, default: null },
  },
  { collection: 'api_tokens', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
apiTokenSchema.index({ token_hash: 1 }, { unique: true });
apiTokenSchema.index({ user_id: 1, created_at: -1, _id: -1 });
apiTokenSchema.index({ user_id: 1, application_id: 1, created_at: -1, _id: -1 });
apiTokenSchema.plugin(toJSONPlugin);

export function apiTokenModel(connection: Connection) {
  return modelOn(connection, 'ApiToken', apiTokenSchema);
}
