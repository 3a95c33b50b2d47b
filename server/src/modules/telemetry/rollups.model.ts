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

/**
 * Who was active in a bucket, as one bitmap per kind: bit n of `user` is set when the signed-in
 * user with identity number n (see IdentityNumber) was active. Words are 32-bit integers under
 * their index ("0", "1", …), set with `$bit: {or}`, which is idempotent and commutative: every
 * process ORs into the same document, a retried flush sets nothing twice, and the exact distinct
 * count of any set of buckets and scopes is the population count of their OR — O(buckets × words)
 * to read, however many requests and events the period had.
 */
export type Bitmap = Record<string, number>;
export interface ActiveBitmaps {
  scope: RollupScope;
  scope_id: Types.ObjectId;
  granularity: Granularity;
  t: Date;
  user?: Bitmap;
  anonymous?: Bitmap;
  installation?: Bitmap;
}

/** A dense number per identity of a kind (user id, anonymous id, installation id): its bit. */
export interface IdentityNumber {
  kind: KeyKind;
  key: string;
  n: number;
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

const activeSchema = new Schema<ActiveBitmaps>(
  {
    ...bucket,
    user: Schema.Types.Mixed,
    anonymous: Schema.Types.Mixed,
    installation: Schema.Types.Mixed,
  },
  { collection: 'analytics_active_daily', minimize: false, versionKey: false },
);
activeSchema.index({ scope: 1, scope_id: 1, granularity: 1, t: 1 }, { unique: true });

/**
 * Hourly bitmaps answer the 24h and 7d periods (and their comparison) and the active
 * installations: they are kept for HOURLY_ACTIVE_RETENTION_DAYS only, apart from the daily ones,
 * because there are 24 times as many of them.
 */
export const HOURLY_ACTIVE_RETENTION_DAYS = 15;
const hourlyActiveSchema = activeSchema.clone();
hourlyActiveSchema.set('collection', 'analytics_active_hourly');

/**
 * Identity numbers are handed out from a counter per kind and never reused; the unique index
 * decides when two processes number the same identity at once. Numbering is global (not per
 * organization), so the OR of several organizations' bitmaps still counts a person once.
 */
const identityNumberSchema = new Schema<IdentityNumber>(
  {
    kind: { type: String, enum: KEY_KINDS, required: true },
    key: { type: String, required: true },
    n: { type: Number, required: true },
  },
  { collection: 'analytics_identities', versionKey: false },
);
identityNumberSchema.index({ kind: 1, key: 1 }, { unique: true });

const identityCounterSchema = new Schema<{ _id: string; next: number }>(
  { _id: String, next: Number },
  { collection: 'analytics_identity_counters', versionKey: false },
);

export function analyticsModels(connection: Connection) {
  return {
    Rollups: modelOn(connection, 'AnalyticsRollup', rollupSchema),
    EventCounts: modelOn(connection, 'AnalyticsEventCount', eventCountSchema),
    /** Activity bitmaps by granularity: one collection each, with its own retention. */
    Active: {
      hour: modelOn(connection, 'AnalyticsHourlyActive', hourlyActiveSchema),
      day: modelOn(connection, 'AnalyticsDailyActive', activeSchema),
    },
    IdentityNumbers: modelOn(connection, 'AnalyticsIdentityNumber', identityNumberSchema),
    IdentityCounters: modelOn(connection, 'AnalyticsIdentityCounter', identityCounterSchema),
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

/** The word (field name) and mask of identity number n in a bitmap. */
export function bitOf(n: number): { word: string; mask: number } {
  return { word: String(n >>> 5), mask: 1 << (n & 31) };
}

/** ORs a bitmap into an accumulating one (words are signed 32-bit integers). */
export function orInto(target: Map<string, number>, bitmap: Bitmap | undefined): void {
  if (!bitmap) return;
  for (const word in bitmap) target.set(word, (target.get(word) ?? 0) | bitmap[word]!);
}

/** How many bits are set: the number of distinct identities. */
export function populationCount(words: Iterable<number>): number {
  let count = 0;
  for (const word of words) {
    let v = word >>> 0;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}
