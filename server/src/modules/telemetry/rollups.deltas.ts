import type { AnyBulkWriteOperation } from 'mongodb';
import type { Types } from 'mongoose';
import {
  encodeKey,
  GRANULARITIES,
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
    const key = `${scope}:${id.toHexString()}:${granularity}:${t.getTime()}`;
    let delta = this.rollups.get(key);
    if (!delta) {
      delta = { scope, scope_id: id, granularity, t, inc: {}, max: null };
      this.rollups.set(key, delta);
    }
    return delta;
  }

  private static add(inc: Record<string, number>, field: string, value: number) {
    inc[field] = (inc[field] ?? 0) + value;
  }

  addRequest(scopes: Array<[RollupScope, Types.ObjectId]>, row: RequestRecord, userId: string | null) {
    const bucket = latencyBucket(row.response_time_ms);
    const isError = row.status_code >= 400 ? 1 : 0;
    const endpoint = row.endpoint === null ? null : `endpoints.${encodeKey(`${row.method} ${row.endpoint}`)}`;
    for (const [scope, id] of scopes) {
      for (const granularity of GRANULARITIES) {
        const delta = this.rollup(scope, id, granularity, row.created_at);
        const add = (field: string, value: number) => Deltas.add(delta.inc, field, value);
        add('requests', 1);
        add('errors', isError);
        add('total_ms', row.response_time_ms);
        add(`latency.${bucket}`, 1);
        if (endpoint) {
          add(`${endpoint}.n`, 1);
          add(`${endpoint}.e`, isError);
          add(`${endpoint}.ms`, row.response_time_ms);
          add(`${endpoint}.lat.${bucket}`, 1);
        }
        delta.max = Math.max(delta.max ?? 0, row.response_time_ms);
        if (userId) this.addKey(scope, id, granularity, row.created_at, 'user', userId);
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
    const t = bucketStart(at, granularity);
    const name = `${scope}:${id.toHexString()}:${granularity}:${t.getTime()}`;
    let entry = this.actives.get(name);
    if (!entry) {
      entry = {
        key: { scope, scope_id: id, granularity, t },
        identities: { user: new Set(), anonymous: new Set(), installation: new Set() },
      };
      this.actives.set(name, entry);
    }
    entry.identities[kind].add(key);
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
