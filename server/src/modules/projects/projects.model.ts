import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { invalidatesCaches } from '../../lib/cache-invalidation.js';

export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export interface ProjectDocument {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  description: string | null;
  organization_id: Types.ObjectId;
  environment: Environment;
  repository_url: string | null;
  /** SHA-256 hex of the project API key; the key itself is shown once and never stored. */
  api_key_hash: string;
  /** The key's first 8 characters, shown in lists so users can tell keys apart. */
  api_key_prefix: string;
  is_active: boolean;
  created_by: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

const projectSchema = new Schema<ProjectDocument>(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    slug: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: null, maxlength: 1000 },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    environment: { type: String, enum: ENVIRONMENTS, default: 'development' },
    repository_url: { type: String, default: null, maxlength: 500 },
    api_key_hash: { type: String, required: true, private: true },
    api_key_prefix: { type: String, required: true },
    is_active: { type: Boolean, default: true },
    created_by: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'projects', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
// Deactivated projects give their slug back (there is no reactivation).
projectSchema.index(
  { organization_id: 1, slug: 1 },
  { unique: true, partialFilterExpression: { is_active: true } },
);
projectSchema.index({ organization_id: 1, is_active: 1, created_at: -1 });
projectSchema.index({ api_key_hash: 1 }, { unique: true });
projectSchema.plugin(toJSONPlugin);
projectSchema.plugin(invalidatesCaches, { topic: 'project', keyField: '_id', publishInserts: false });

export function projectModel(connection: Connection) {
  return modelOn(connection, 'Project', projectSchema);
}
