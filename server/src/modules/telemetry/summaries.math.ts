import {
  decodeKey,
  KEY_KINDS,
  LATENCY_BOUNDS_MS,
  orInto,
  populationCount,
  type ActiveBitmaps,
  type EndpointCounters,
  type Granularity,
  type KeyKind,
  type Rollup,
} from './rollups.model.js';
import { bucketStart } from './rollups.deltas.js';
import { ANALYTICS_PERIODS, HOURLY_TIMESERIES_MAX_HOURS, type AnalyticsPeriod } from './summaries.schemas.js';

// The arithmetic of the summaries: periods as buckets, rollups added up, percentiles, distinct counts.

export const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The buckets of a period: [from, end) in `granularity`, with the period before it. */
export interface Window {
  granularity: Granularity;
  bucketMs: number;
  buckets: number;
  from: Date;
  end: Date;
  previousFrom: Date;
}

export function windowOf(period: AnalyticsPeriod, now: Date): Window {
  const hours = ANALYTICS_PERIODS[period];
  const granularity: Granularity = hours <= HOURLY_TIMESERIES_MAX_HOURS ? 'hour' : 'day';
  const bucketMs = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const buckets = (hours * HOUR_MS) / bucketMs;
  // The current (unfinished) bucket is the last one, so "24h" is the last 24 clock hours.
  const end = new Date(bucketStart(now, granularity).getTime() + bucketMs);
  const from = new Date(end.getTime() - buckets * bucketMs);
  return {
    granularity,
    bucketMs,
    buckets,
    from,
    end,
    previousFrom: new Date(from.getTime() - buckets * bucketMs),
  };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
export const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);

/**
 * The percentile of a histogram: the upper bound of the bucket that holds the p-th value (so the
 * answer is never below the true one and at most one bucket above), no higher than the slowest.
 */
export function percentileOf(
  histogram: Record<string, number>,
  p: number,
  maxMs: number | null,
): number | null {
  const counts = LATENCY_BOUNDS_MS.map((_bound, index) => histogram[index] ?? 0);
  counts.push(histogram[LATENCY_BOUNDS_MS.length] ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let index = 0; index < counts.length; index++) {
    seen += counts[index]!;
    if (seen >= rank) {
      const bound = LATENCY_BOUNDS_MS[index];
      if (bound === undefined) return maxMs; // the overflow bucket: the slowest seen
      return maxMs === null ? bound : Math.min(bound, maxMs);
    }
  }
  return maxMs;
}

function addInto(target: Record<string, number>, source: Record<string, number> | undefined) {
  for (const [key, value] of Object.entries(source ?? {})) target[key] = (target[key] ?? 0) + value;
}

/** The resource type a route is about, for the function statistics (SPEC §3 resource types). */
const ROUTE_RESOURCE_TYPES: Array<[RegExp, string]> = [
  [/^\/api\/v1\/organizations\/[^/]+\/members/, 'member'],
  [/^\/api\/v1\/organizations/, 'organization'],
  [/^\/api\/v1\/projects/, 'project'],
  [/^\/api\/v1\/applications/, 'application'],
  [/^\/api\/v1\/tokens/, 'token'],
  [/^\/api\/v1\/(auth|verify|permissions|password-reset)(\/|$)/, 'user'],
  [/^\/api\/auth\//, 'user'],
  [/^\/api\/v1\/(installations|activity|analytics|identify|anonymous-users)$/, 'component'],
];

export function resourceTypeOf(endpoint: string): string {
  return ROUTE_RESOURCE_TYPES.find(([pattern]) => pattern.test(endpoint))?.[1] ?? 'api';
}

export interface Merged {
  requests: number;
  errors: number;
  totalMs: number;
  maxMs: number | null;
  events: number;
  newInstallations: number;
  latency: Record<string, number>;
  endpoints: Map<string, EndpointCounters>;
}

export function merge(docs: Rollup[]): Merged {
  const merged: Merged = {
    requests: 0,
    errors: 0,
    totalMs: 0,
    maxMs: null,
    events: 0,
    newInstallations: 0,
    latency: {},
    endpoints: new Map(),
  };
  for (const doc of docs) {
    merged.requests += doc.requests ?? 0;
    merged.errors += doc.errors ?? 0;
    merged.totalMs += doc.total_ms ?? 0;
    if (doc.max_ms !== undefined) merged.maxMs = Math.max(merged.maxMs ?? 0, doc.max_ms);
    merged.events += doc.events ?? 0;
    merged.newInstallations += doc.new_installations ?? 0;
    addInto(merged.latency, doc.latency);
    for (const [key, counters] of Object.entries(doc.endpoints ?? {})) {
      let entry = merged.endpoints.get(key);
      if (!entry) {
        entry = { n: 0, e: 0, ms: 0, lat: {} };
        merged.endpoints.set(key, entry);
      }
      entry.n += counters.n ?? 0;
      entry.e += counters.e ?? 0;
      entry.ms += counters.ms ?? 0;
      addInto(entry.lat, counters.lat);
    }
  }
  return merged;
}

/** `GET /api/v1/projects/:id` → method and endpoint. */
export function splitFunction(key: string): { method: string; endpoint: string } {
  const text = decodeKey(key);
  const space = text.indexOf(' ');
  return { method: text.slice(0, space), endpoint: text.slice(space + 1) };
}

/** Documents by the start of their bucket. */
export function groupByBucket<T extends { t: Date }>(docs: T[]): Map<number, T[]> {
  const byBucket = new Map<number, T[]>();
  for (const doc of docs) {
    const list = byBucket.get(doc.t.getTime()) ?? [];
    list.push(doc);
    byBucket.set(doc.t.getTime(), list);
  }
  return byBucket;
}

/** Distinct identities per kind in [from, end): the population count of the OR of their bitmaps. */
export function distinct(docs: ActiveBitmaps[], from: Date, end: Date): Record<KeyKind, number> {
  const counts: Record<KeyKind, number> = { user: 0, anonymous: 0, installation: 0 };
  for (const kind of KEY_KINDS) {
    const union = new Map<string, number>();
    for (const doc of docs)
      if (doc.t.getTime() >= from.getTime() && doc.t.getTime() < end.getTime()) orInto(union, doc[kind]);
    counts[kind] = populationCount(union.values());
  }
  return counts;
}

/** Active users (signed-in and anonymous) per bucket start; scopes' bitmaps are ORed first. */
export function activePerBucket(docs: ActiveBitmaps[]): Map<number, number> {
  const byBucket = groupByBucket(docs);
  const perBucket = new Map<number, number>();
  for (const [t, list] of byBucket) {
    const users = distinct(list, new Date(t), new Date(t + 1));
    perBucket.set(t, users.user + users.anonymous);
  }
  return perBucket;
}
