import { Schema, type Types, type Connection } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import {
  ACTIVITY_SOURCES,
  RESOURCE_TYPES,
  type ActivitySource,
  type ResourceType,
} from '../../core/audit.js';

export interface ActivityLog {
  _id: Types.ObjectId;
  created_at: Date;
  action: string;
  resource_type: ResourceType;
  resource_id: string | null;
  metadata: Record<string, unknown>;
  endpoint: string | null;
  method: string | null;
  status_code: number | null;
  response_time_ms: number | null;
  ip_address: string | null;
  sdk_version: string | null;
  user_agent: string | null;
  user_id: Types.ObjectId | null;
  anonymous_user_id: string | null;
  installation_id: string | null;
  organization_id: Types.ObjectId | null;
  project_id: Types.ObjectId | null;
  application_id: Types.ObjectId | null;
  /** Missing on request-log rows and entries older than the field: those are the platform's. */
  source?: ActivitySource;
}

const activityLogSchema = new Schema<ActivityLog>(
  {
    action: { type: String, required: true },
    resource_type: { type: String, enum: RESOURCE_TYPES, required: true },
    resource_id: { type: String, default: null },
    metadata: { type: Schema.Types.Mixed, default: {} },
    endpoint: { type: String, default: null },
    method: { type: String, default: null },
    status_code: { type: Number, default: null },
    response_time_ms: { type: Number, default: null },
    ip_address: { type: String, default: null },
    sdk_version: { type: String, default: null },
    user_agent: { type: String, default: null },
    user_id: { type: Schema.Types.ObjectId, default: null },
    anonymous_user_id: { type: String, default: null },
    installation_id: { type: String, default: null },
    organization_id: { type: Schema.Types.ObjectId, default: null },
    project_id: { type: Schema.Types.ObjectId, default: null },
    application_id: { type: Schema.Types.ObjectId, default: null },
    source: { type: String, enum: ACTIVITY_SOURCES, default: 'platform' },
  },
  { collection: 'activity_logs', timestamps: { createdAt: 'created_at', updatedAt: false }, minimize: false },
);
// Lists and the export page newest first on (created_at, _id): with _id in the index a page reads
// only its own rows; without it, every row of the range is read and sorted for every page.
activityLogSchema.index({ organization_id: 1, created_at: -1, _id: -1 });
activityLogSchema.index({ user_id: 1, created_at: -1, _id: -1 });
activityLogSchema.index({ project_id: 1, created_at: -1, _id: -1 });
activityLogSchema.index({ application_id: 1, created_at: -1, _id: -1 });
activityLogSchema.plugin(toJSONPlugin);

export function activityLogModel(connection: Connection) {
  return modelOn(connection, 'ActivityLog', activityLogSchema);
}
