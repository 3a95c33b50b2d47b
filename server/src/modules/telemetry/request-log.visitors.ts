import type { AnyBulkWriteOperation, Document, PushOperator } from 'mongodb';
import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';
import { ensureTtlIndex } from '../../lib/ttl-index.js';
import { bucketStart } from './rollups.deltas.js';
import { encodeKey } from './rollups.model.js';
import type { TrackingRecord } from './request-log.types.js';

/**
 * Times kept per installation, day and event name. Funnels look for the first occurrence of a step
 * after the previous one; a visitor doing the same event more often in one day is counted, only
 * its later times are not kept (docs/analytics.md "Funnels").
 */
export const VISITOR_DAY_MAX_TIMES = 24;

/**
 * One installation's events of one UTC day in one application: for each event name (encoded with
 * encodeKey) the times (ms since the epoch) of its first VISITOR_DAY_MAX_TIMES occurrences,
 * ascending. Funnels and event-based retention read these instead of the raw events: a 30-day
 * funnel reads one small document per visitor and active day, whatever the number of events.
 */
export interface VisitorDay {
  /** application id */
  a: Types.ObjectId;
  /** installation id (inst_…) */
  i: string;
  /** start of the UTC day */
  d: Date;
  e: Record<string, number[]>;
}

const visitorDaySchema = new Schema<VisitorDay>(
  {
    a: { type: Schema.Types.ObjectId, required: true },
    i: { type: String, required: true },
    d: { type: Date, required: true },
    e: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'analytics_visitor_days', versionKey: false, minimize: false },
);
visitorDaySchema.index({ a: 1, d: 1, i: 1 }, { unique: true });

export function visitorDayModel(connection: Connection) {
  return modelOn(connection, 'AnalyticsVisitorDay', visitorDaySchema);
}

/**
 * The visitor-day updates of a flush: one `$push` upsert per (application, installation, day)
 * with the event times in order; `$sort` and `$slice` keep the earliest ones, so retried or
 * reordered flushes converge on the same document.
 */
export function visitorDayOps(records: TrackingRecord[]): AnyBulkWriteOperation[] {
  const days = new Map<string, { a: Types.ObjectId; i: string; d: Date; e: Map<string, number[]> }>();
  for (const record of records) {
    for (const event of record.events ?? []) {
      if (!event.installation_id) continue;
      const d = bucketStart(event.timestamp, 'day');
      const key = `${String(record.application._id)}:${event.installation_id}:${d.getTime()}`;
      let day = days.get(key);
      if (!day) {
        day = { a: record.application._id, i: event.installation_id, d, e: new Map() };
        days.set(key, day);
      }
      const name = encodeKey(event.event);
      const times = day.e.get(name) ?? [];
      times.push(event.timestamp.getTime());
      day.e.set(name, times);
    }
  }
  return [...days.values()].map((day) => {
    const push: Record<string, unknown> = {};
    for (const [name, times] of day.e)
      push[`e.${name}`] = {
        $each: times.sort((x, y) => x - y).slice(0, VISITOR_DAY_MAX_TIMES),
        $sort: 1,
        $slice: VISITOR_DAY_MAX_TIMES,
      };
    return {
      updateOne: {
        filter: { a: day.a, d: day.d, i: day.i },
        update: { $push: push as PushOperator<Document> },
        upsert: true,
      },
    };
  });
}

/** The unique index before the first write; the TTL index ends them with the raw events. */
export async function ensureVisitorDayIndexes(connection: Connection, retentionDays: number): Promise<void> {
  const model = visitorDayModel(connection);
  await model.init();
  await ensureTtlIndex(connection, model.collection, {
    field: 'd',
    name: 'd_retention',
    expireAfterSeconds: retentionDays * 86_400,
  });
}
