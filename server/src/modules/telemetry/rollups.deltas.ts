import type { AnyBulkWriteOperation } from 'mongodb';
import type { Types } from 'mongoose';
import {
  encodeKey,
  GRANULARITIES,
  LATENCY_BOUNDS_MS,
  latencyBucket,
  type Granularity,
  type KeyKind,
  type RollupScope,
} from './rollups.model.js';
import type { RequestRecord, TrackingRecord } from './request-log.types.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function bucketStart(at: Date | number, granularity: Granularity): Date {
  const ms = typeof at === 'number' ? at : at.getTime();
  const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
  return new Date(ms - (((ms % size) + size) % size));
}

/** `scope:hex id`, remembered per id object (a flush hands the same few objects to every row). */
const scopeKeys = {
  application: new WeakMap(),
  project: new WeakMap(),
  organization: new WeakMap(),
} as Record<RollupScope, WeakMap<Types.ObjectId, string>>;
function scopeKeyOf(scope: RollupScope, id: Types.ObjectId): string {
  const known = scopeKeys[scope];
  let key = known.get(id);
  if (key === undefined) known.set(id, (key = `${scope}:${id.toHexString()}`));
  return key;
}

const BUCKETS = LATENCY_BOUNDS_MS.length + 1;
const LATENCY_FIELDS = Array.from({ length: BUCKETS }, (_, bucket) => `latency.${bucket}`);

interface EndpointFields {
  n: string;
  e: string;
  ms: string;
  lat: string[];
}
/** The counter names of an endpoint (`endpoints.<encoded METHOD path>.…`), made once per endpoint. */
const ENDPOINT_FIELDS = new Map<string, EndpointFields>();
const MAX_ENDPOINT_FIELDS = 2_000;
function endpointFields(method: string, endpoint: string): EndpointFields {
  const name = `${method} ${endpoint}`;
  let fields = ENDPOINT_FIELDS.get(name);
  if (!fields) {
    const prefix = `endpoints.${encodeKey(name)}`;
    fields = {
      n: `${prefix}.n`,
      e: `${prefix}.e`,
      ms: `${prefix}.ms`,
      lat: Array.from({ length: BUCKETS }, (_, bucket) => `${prefix}.lat.${bucket}`),
    };
    if (ENDPOINT_FIELDS.size >= MAX_ENDPOINT_FIELDS) ENDPOINT_FIELDS.clear();
    ENDPOINT_FIELDS.set(name, fields);
  }
  return fields;
}

/** Counters of one rollup document, gathered over a flush and written with one $inc upsert. */
interface RollupDelta {
  scope: RollupScope;
  scope_id: Types.ObjectId;
  granularity: Granularity;
  t: Date;
  inc: Record<string, number>;
  max: number | null;
}

/** What one flush adds: counters per rollup document, event counts and active identities. */
export class Deltas {
  readonly rollups = new Map<string, RollupDelta>();
  readonly events = new Map<
    string,
    { key: Omit<RollupDelta, 'inc' | 'max'>; event: string; count: number }
  >();
  /** Who was active, per bitmap document (scope, id, granularity, bucket): identities by kind. */
  readonly actives = new Map<
    string,
    { key: Omit<RollupDelta, 'inc' | 'max'>; identities: Record<KeyKind, Set<string>> }
  >();

  private rollup(scope: RollupScope, id: Types.ObjectId, granularity: Granularity, at: Date): RollupDelta {
    const t = bucketStart(at, granularity);
    return this.rollupAt(scope, id, granularity, t.getTime(), t);
  }

  /** The delta of one bucket (`tMs`: its start); `t` is made only when the bucket is new. */
  private rollupAt(
    scope: RollupScope,
    id: Types.ObjectId,
    granularity: Granularity,
    tMs: number,
    t?: Date,
  ): RollupDelta {
    const key = `${scopeKeyOf(scope, id)}:${granularity}:${tMs}`;
    let delta = this.rollups.get(key);
    if (!delta) {
      delta = { scope, scope_id: id, granularity, t: t ?? new Date(tMs), inc: {}, max: null };
      this.rollups.set(key, delta);
    }
    return delta;
  }

  private static add(inc: Record<string, number>, field: string, value: number) {
    inc[field] = (inc[field] ?? 0) + value;
  }

  /**
   * One request in every scope and granularity. Runs once per logged request at each flush, so
   * field names, bucket starts and scope keys are made once, not per scope and granularity (issue
   * #38: this was most of a cs_ token request's garbage).
   */
  addRequest(scopes: Array<[RollupScope, Types.ObjectId]>, row: RequestRecord, userId: string | null) {
    if (scopes.length === 0) return;
    const ms = row.response_time_ms;
    const bucket = latencyBucket(ms);
    const latency = LATENCY_FIELDS[bucket]!;
    const isError = row.status_code >= 400 ? 1 : 0;
    const endpoint = row.endpoint === null ? null : endpointFields(row.method, row.endpoint);
    const lat = endpoint?.lat[bucket];
    const at = row.created_at.getTime();
    for (const granularity of GRANULARITIES) {
      const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
      const tMs = at - (((at % size) + size) % size);
      for (const [scope, id] of scopes) {
        const delta = this.rollupAt(scope, id, granularity, tMs);
        const inc = delta.inc;
        inc.requests = (inc.requests ?? 0) + 1;
        inc.errors = (inc.errors ?? 0) + isError;
        inc.total_ms = (inc.total_ms ?? 0) + ms;
        inc[latency] = (inc[latency] ?? 0) + 1;
        if (endpoint) {
          inc[endpoint.n] = (inc[endpoint.n] ?? 0) + 1;
          inc[endpoint.e] = (inc[endpoint.e] ?? 0) + isError;
          inc[endpoint.ms] = (inc[endpoint.ms] ?? 0) + ms;
          inc[lat!] = (inc[lat!] ?? 0) + 1;
        }
        delta.max = Math.max(delta.max ?? 0, ms);
        if (userId) this.addKeyAt(scope, id, granularity, tMs, 'user', userId);
      }
    }
  }

  addTracking(scopes: Array<[RollupScope, Types.ObjectId]>, record: TrackingRecord) {
    // Events of one hour and name are counted once here, then added to every scope and
    // granularity: a batch of 500 events usually holds a handful of such groups.
    const groups = new Map<string, { hour: number; event: string; count: number }>();
    for (const { event, timestamp } of record.events ?? []) {
      const hour = bucketStart(timestamp, 'hour').getTime();
      const name = `${hour}:${event}`;
      const group = groups.get(name);
      if (group) group.count += 1;
      else groups.set(name, { hour, event, count: 1 });
    }
    for (const [scope, id] of scopes) {
      const scopeKey = `${scope}:${id.toHexString()}`;
      for (const granularity of GRANULARITIES) {
        for (const { hour, event, count } of groups.values()) {
          const t = bucketStart(hour, granularity);
          Deltas.add(this.rollup(scope, id, granularity, t).inc, 'events', count);
          const key = `${scopeKey}:${granularity}:${t.getTime()}:${event}`;
          const entry = this.events.get(key);
          if (entry) entry.count += count;
          else this.events.set(key, { key: { scope, scope_id: id, granularity, t }, event, count });
        }
        if (record.newInstallations)
          Deltas.add(
            this.rollup(scope, id, granularity, record.at).inc,
            'new_installations',
            record.newInstallations,
          );
        const kinds: Array<[KeyKind, TrackingRecord['userIds']]> = [
          ['installation', record.installationIds],
          ['anonymous', record.anonymousIds],
          ['user', record.userIds],
        ];
        for (const [kind, values] of kinds)
          for (const value of values ?? [])
            if (value) this.addKey(scope, id, granularity, record.at, kind, value);
      }
    }
  }

  addKey(
    scope: RollupScope,
    id: Types.ObjectId,
    granularity: Granularity,
    at: Date,
    kind: KeyKind,
    key: string,
  ) {
    this.addKeyAt(scope, id, granularity, bucketStart(at, granularity).getTime(), kind, key);
  }

  private addKeyAt(
    scope: RollupScope,
    id: Types.ObjectId,
    granularity: Granularity,
    tMs: number,
    kind: KeyKind,
    key: string,
  ) {
    const name = `${scopeKeyOf(scope, id)}:${granularity}:${tMs}`;
    let entry = this.actives.get(name);
    if (!entry) {
      entry = {
        key: { scope, scope_id: id, granularity, t: new Date(tMs) },
        identities: { user: new Set(), anonymous: new Set(), installation: new Set() },
      };
      this.actives.set(name, entry);
    }
    entry.identities[kind].add(key);
  }

  /** Nothing counted yet. */
  isEmpty(): boolean {
    return this.rollups.size === 0 && this.events.size === 0 && this.actives.size === 0;
  }

  /** One $inc (and $max) upsert per rollup document. */
  rollupOps(): AnyBulkWriteOperation[] {
    return [...this.rollups.values()].map((delta) => ({
      updateOne: {
        filter: { scope: delta.scope, scope_id: delta.scope_id, granularity: delta.granularity, t: delta.t },
        update: { $inc: delta.inc, ...(delta.max === null ? {} : { $max: { max_ms: delta.max } }) },
        upsert: true,
      },
    }));
  }

  /** One $inc upsert per event name and bucket. */
  eventOps(): AnyBulkWriteOperation[] {
    return [...this.events.values()].map((entry) => ({
      updateOne: {
        filter: { ...entry.key, event: entry.event },
        update: { $inc: { count: entry.count } },
        upsert: true,
      },
    }));
  }
}
