import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';

/**
 * Rollups are kept per application, per project and per organization: a request the dashboard
 * makes about a project (no application) still counts for its project and organization, and a
 * summary reads the one scope it is asked for instead of adding up applications.
 */
export const ROLLUP_SCOPES = ['application', 'project', 'organization'] as const;
export type RollupScope = (typeof ROLLUP_SCOPES)[number];

/** Hourly buckets chart up to 7 days; daily buckets (kept alongside) keep 30d and 90d at 30–90 reads. */
export const GRANULARITIES = ['hour', 'day'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Who is counted once per bucket: signed-in users, the SDK's anonymous ids, installations. */
export const KEY_KINDS = ['user', 'anonymous', 'installation'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/**
 * Upper bounds (ms, inclusive) of the latency histogram; one more bucket takes everything slower.
 * Fixed, so histograms add up across hours, processes and shards; a percentile read from them is
 * exact to one bucket.
 */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000, 10_000,
] as const;

/** The histogram bucket of a response time: the first bound it does not exceed, or the overflow. */
export function latencyBucket(ms: number): number {
  for (let index = 0; index < LATENCY_BOUNDS_MS.length; index++) {
    if (ms <= LATENCY_BOUNDS_MS[index]!) return index;
  }
  return LATENCY_BOUNDS_MS.length;
}

/** Counters of one endpoint (`METHOD /route/:pattern`) in a bucket. */
export interface EndpointCounters {
  /** Requests, errors (status ≥ 400), summed response time (ms), histogram by bucket index. */
  n: number;
  e: number;
  ms: number;
  lat: Record<string, number>;
}

/** One hour or day of one scope; every field is maintained with $inc (and max_ms with $max). */
export interface Rollup {
  _id: Types.ObjectId;
  scope: RollupScope;
  scope_id: Types.ObjectId;
  granularity: Granularity;
  /** Start of the bucket (UTC). */
  t: Date;
  requests?: number;
  errors?: number;
  total_ms?: number;
  max_ms?: number;
  latency?: Record<string, number>;
  events?: number;
  new_installations?: number;
  /** Keyed by the encoded `METHOD endpoint` (see encodeKey). */
  endpoints?: Record<string, EndpointCounters>;
}

/** Events of one name in a bucket. Names are the SDK's free text, so they are rows, not keys. */
export interface EventCount {
  scope: RollupScope;
  scope_id: Types.ObjectId;
  granularity: Granularity;
  t: Date;
  event: string;
  count: number;
}

/** "This user / anonymous id / installation was active in this bucket": exactly one row each. */
export interface ActiveKey {
  scope: RollupScope;
  scope_id: Types.ObjectId;
  granularity: Granularity;
  kind: KeyKind;
  t: Date;
  key: string;
}

const bucket = {
  scope: { type: String, enum: ROLLUP_SCOPES, required: true },
  scope_id: { type: Schema.Types.ObjectId, required: true },
  granularity: { type: String, enum: GRANULARITIES, required: true },
  t: { type: Date, required: true },
};

// Written with raw $inc upserts; the schemas declare the fields and the unique keys. The TTL
// indexes on `t` depend on ROLLUP_RETENTION_DAYS, so the service creates them.
const rollupSchema = new Schema<Rollup>(
  {
    ...bucket,
    requests: Number,
    errors: Number,
    total_ms: Number,
    max_ms: Number,
    latency: Schema.Types.Mixed,
    events: Number,
    new_installations: Number,
    endpoints: Schema.Types.Mixed,
  },
  // `errors` is a counter here, not mongoose's validation errors (the documents are never hydrated).
  { collection: 'analytics_rollups', minimize: false, versionKey: false, suppressReservedKeysWarning: true },
);
rollupSchema.index({ scope: 1, scope_id: 1, granularity: 1, t: 1 }, { unique: true });

const eventCountSchema = new Schema<EventCount>(
  { ...bucket, event: { type: String, required: true }, count: Number },
  { collection: 'analytics_event_counts', versionKey: false },
);
eventCountSchema.index({ scope: 1, scope_id: 1, granularity: 1, t: 1, event: 1 }, { unique: true });

const activeKeySchema = new Schema<ActiveKey>(
  {
    ...bucket,
    kind: { type: String, enum: KEY_KINDS, required: true },
    key: { type: String, required: true },
  },
  { collection: 'analytics_active_keys', versionKey: false },
);
activeKeySchema.index({ scope: 1, scope_id: 1, granularity: 1, kind: 1, t: 1, key: 1 }, { unique: true });

/**
 * Hourly keys answer the 24h and 7d periods (and their comparison): they are kept for
 * HOURLY_KEY_RETENTION_DAYS only, apart from the daily ones, because there are up to 24 times as
 * many of them.
 */
export const HOURLY_KEY_RETENTION_DAYS = 15;
const hourlyKeySchema = activeKeySchema.clone();
hourlyKeySchema.set('collection', 'analytics_active_keys_hourly');

export function analyticsModels(connection: Connection) {
  return {
    Rollups: modelOn(connection, 'AnalyticsRollup', rollupSchema),
    EventCounts: modelOn(connection, 'AnalyticsEventCount', eventCountSchema),
    /** Active keys by granularity: one collection each, with its own retention. */
    ActiveKeys: {
      hour: modelOn(connection, 'AnalyticsHourlyActiveKey', hourlyKeySchema),
      day: modelOn(connection, 'AnalyticsActiveKey', activeKeySchema),
    },
  };
}

/**
 * A field name from free text (route patterns like /.well-known/jwks.json contain dots): `%`,
 * `.` and `$` are percent-encoded, so the name is one path segment that cannot start an operator.
 */
export function encodeKey(text: string): string {
  return text.replace(/[%.$]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export function decodeKey(key: string): string {
  return key.replace(/%(25|2E|24)/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
