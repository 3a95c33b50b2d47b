import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

/** Session ids remembered per installation to count each session once (the SDKs start one per 30 min idle). */
export const RECENT_SESSION_IDS = 50;

export interface DeviceInfo {
  platform: string | null;
  user_agent: string | null;
  language: string | null;
  timezone: string | null;
  screen_resolution: string | null;
  color_depth: number | null;
  device_memory: number | null;
  hardware_concurrency: number | null;
}

export interface EnvironmentInfo {
  url: string | null;
  referrer: string | null;
  timestamp: Date | null;
  session_id: string | null;
}

/** The denormalised owner of every tracking row: reads filter by application or organization. */
interface Owned {
  application_id: Types.ObjectId;
  project_id: Types.ObjectId;
  organization_id: Types.ObjectId;
}

export interface Installation extends Owned {
  _id: Types.ObjectId;
  installation_id: string;
  device_info: DeviceInfo | null;
  environment_info: EnvironmentInfo | null;
  is_anonymous: boolean;
  is_active: boolean;
  anonymous_id: string | null;
  user_id: Types.ObjectId | null;
  reported_user_id: string | null;
  linked_at: Date | null;
  session_count: number;
  /** The last RECENT_SESSION_IDS session ids, newest last: a session id in here was counted. */
  recent_session_ids: string[];
  total_events: number;
  sdk_version: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
}

export interface AnonymousUser extends Owned {
  _id: Types.ObjectId;
  anonymous_id: string;
  display_name: string;
  installation_id: string | null;
  user_id: Types.ObjectId | null;
  linked_at: Date | null;
  first_seen_at: Date;
  last_activity_at: Date;
}

export interface AnalyticsEvent extends Owned {
  _id: Types.ObjectId;
  /** The client's idempotency key; absent (not null) when none was sent. */
  event_id?: string;
  event: string;
  properties: Record<string, unknown>;
  timestamp: Date;
  received_at: Date;
  session_id: string | null;
  installation_id: string | null;
  sdk_version: string | null;
}

const owned = {
  application_id: { type: Schema.Types.ObjectId, required: true },
  project_id: { type: Schema.Types.ObjectId, required: true },
  organization_id: { type: Schema.Types.ObjectId, required: true },
};

const installationSchema = new Schema<Installation>(
  {
    ...owned,
    installation_id: { type: String, required: true },
    device_info: {
      type: new Schema<DeviceInfo>(
        {
          platform: { type: String, default: null },
          user_agent: { type: String, default: null },
          language: { type: String, default: null },
          timezone: { type: String, default: null },
          screen_resolution: { type: String, default: null },
          color_depth: { type: Number, default: null },
          device_memory: { type: Number, default: null },
          hardware_concurrency: { type: Number, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    environment_info: {
      type: new Schema<EnvironmentInfo>(
        {
          url: { type: String, default: null },
          referrer: { type: String, default: null },
          timestamp: { type: Date, default: null },
          session_id: { type: String, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    is_anonymous: { type: Boolean, default: true },
    is_active: { type: Boolean, default: true },
    anonymous_id: { type: String, default: null },
    user_id: { type: Schema.Types.ObjectId, default: null },
    reported_user_id: { type: String, default: null },
    linked_at: { type: Date, default: null },
    session_count: { type: Number, default: 0 },
    recent_session_ids: { type: [String], default: [], private: true },
    total_events: { type: Number, default: 0 },
    sdk_version: { type: String, default: null },
    first_seen_at: { type: Date, required: true },
    last_seen_at: { type: Date, required: true },
  },
  { collection: 'installations', minimize: false },
);
installationSchema.index({ application_id: 1, installation_id: 1 }, { unique: true });
installationSchema.index({ application_id: 1, last_seen_at: -1, _id: -1 });
installationSchema.index({ organization_id: 1, last_seen_at: -1, _id: -1 });
// The send API asks whether a person was identified in an application (email-send.recipients.ts).
installationSchema.index({ user_id: 1, application_id: 1 });
installationSchema.plugin(toJSONPlugin);

const anonymousUserSchema = new Schema<AnonymousUser>(
  {
    ...owned,
    anonymous_id: { type: String, required: true },
    display_name: { type: String, required: true },
    installation_id: { type: String, default: null },
    user_id: { type: Schema.Types.ObjectId, default: null },
    linked_at: { type: Date, default: null },
    first_seen_at: { type: Date, required: true },
    last_activity_at: { type: Date, required: true },
  },
  { collection: 'anonymous_users', minimize: false },
);
anonymousUserSchema.index({ application_id: 1, anonymous_id: 1 }, { unique: true });
anonymousUserSchema.index({ application_id: 1, installation_id: 1 });
anonymousUserSchema.index({ application_id: 1, last_activity_at: -1, _id: -1 });
anonymousUserSchema.index({ organization_id: 1, last_activity_at: -1, _id: -1 });
anonymousUserSchema.index({ user_id: 1, application_id: 1 });
anonymousUserSchema.plugin(toJSONPlugin);

const analyticsEventSchema = new Schema<AnalyticsEvent>(
  {
    ...owned,
    event_id: { type: String },
    event: { type: String, required: true },
    properties: { type: Schema.Types.Mixed, default: {} },
    timestamp: { type: Date, required: true },
    received_at: { type: Date, required: true },
    session_id: { type: String, default: null },
    installation_id: { type: String, default: null },
    sdk_version: { type: String, default: null },
  },
  // The retention TTL index depends on configuration, so the service creates it.
  { collection: 'analytics_events', minimize: false },
);
// Retries must not double-count: one event id per application. Events without an id are not indexed.
analyticsEventSchema.index(
  { application_id: 1, event_id: 1 },
  { unique: true, partialFilterExpression: { event_id: { $exists: true } } },
);
// Nothing reads raw events by application and time (the analytics screens read the rollups written at
// ingest), so no such index: each one costs every stored event a write. Retention has its TTL index.
analyticsEventSchema.plugin(toJSONPlugin);

export function installationModel(connection: Connection) {
  return modelOn(connection, 'Installation', installationSchema);
}

export function anonymousUserModel(connection: Connection) {
  return modelOn(connection, 'AnonymousUser', anonymousUserSchema);
}

export function analyticsEventModel(connection: Connection) {
  return modelOn(connection, 'AnalyticsEvent', analyticsEventSchema);
}
