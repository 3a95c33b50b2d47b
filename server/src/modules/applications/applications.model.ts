import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

export const DEFAULT_VERSION = '1.0.0';

export interface ApplicationDocument {
  _id: Types.ObjectId;
  project_id: Types.ObjectId;
  /** Copied from the project so authorization needs no join. */
  organization_id: Types.ObjectId;
  name: string;
  slug: string;
  description: string | null;
  version: string;
  api_endpoint: string | null;
  /** Browser origins (scheme://host[:port]) the embedding API answers with CORS. */
  allowed_origins: string[];
  /** allowed_origins plus the api_endpoint's origin: what CORS checks, kept in step by the service. */
  cors_origins: string[];
  is_active: boolean;
  created_by: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

const applicationSchema = new Schema<ApplicationDocument>(
  {
    project_id: { type: Schema.Types.ObjectId, required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true, trim: true, maxlength: 100 },
    slug: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: null, maxlength: 1000 },
    version: { type: String, default: DEFAULT_VERSION, maxlength: 50 },
    api_endpoint: { type: String, default: null, maxlength: 500 },
    allowed_origins: { type: [String], default: [] },
    cors_origins: { type: [String], default: [], private: true },
    is_active: { type: Boolean, default: true },
    created_by: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'applications', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
// Unique among active applications only: a deleted (inactive) application gives its slug back.
applicationSchema.index(
  { project_id: 1, slug: 1 },
  { unique: true, partialFilterExpression: { is_active: true } },
);
applicationSchema.index({ project_id: 1, is_active: 1, created_at: -1 });
applicationSchema.index({ organization_id: 1, is_active: 1, created_at: -1 });
applicationSchema.index({ cors_origins: 1, is_active: 1 });
applicationSchema.plugin(toJSONPlugin);

export function applicationModel(connection: Connection) {
  return modelOn(connection, 'Application', applicationSchema);
}
