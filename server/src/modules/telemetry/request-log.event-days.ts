import type { AnyBulkWriteOperation, Document, PushOperator } from 'mongodb';
import mongoose, { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';
import { ensureTtlIndex } from '../../lib/ttl-index.js';
import { bucketStart } from './rollups.deltas.js';
import type { TrackingRecord } from './request-log.types.js';

/** Entries per document: a busy event's day continues in the next document (about 1 MB each). */
export const EVENT_DAY_MAX_ENTRIES = 10_000;

/**
 * Who did one event on one UTC day in one application: parallel arrays of installation ids and
 * times (ms since the epoch), in the order they were written. A slim copy of the raw events
 * without their properties, grouped so that a funnel's step over 30 days reads 30 documents per
 * application (a few more on busy days) instead of every raw event: funnels and "returning on an
 * event" read these. A day with more than EVENT_DAY_MAX_ENTRIES entries continues in another
 * document of the same key (the bucket pattern: no unique index, readers take them all).
 */
export interface EventDay {
  /** application id */
  a: Types.ObjectId;
  /** event name */
  e: string;
  /** start of the UTC day */
  d: Date;
  /** entries in this document */
  n: number;
  /** installation ids (inst_…) */
  i: string[];
  /** times, ms since the epoch, same order */
  t: number[];
}

const eventDaySchema = new Schema<EventDay>(
  {
    a: { type: Schema.Types.ObjectId, required: true },
    e: { type: String, required: true },
    d: { type: Date, required: true },
    n: { type: Number, default: 0 },
    i: { type: [String], default: [] },
    t: { type: [Number], default: [] },
  },
  { collection: 'analytics_event_days', versionKey: false, minimize: false },
);
eventDaySchema.index({ a: 1, e: 1, d: 1 });

export function eventDayModel(connection: Connection) {
  return modelOn(connection, 'AnalyticsEventDay', eventDaySchema);
}

/**
 * The event-day updates of a flush: per (application, event, day) one `$push` of the entries into
 * a document that still has room (`n` below the maximum), created when none has. Concurrent
 * flushes may each start a new document for a full day: readers add documents up, so that only
 * splits a day in more parts.
 */
export function eventDayOps(records: TrackingRecord[]): AnyBulkWriteOperation[] {
  const groups = new Map<string, { a: Types.ObjectId; e: string; d: Date; i: string[]; t: number[] }>();
  for (const record of records) {
    for (const event of record.events ?? []) {
      if (!event.installation_id) continue;
      const d = bucketStart(event.timestamp, 'day');
      const key = `${String(record.application._id)}:${d.getTime()}:${event.event}`;
      let group = groups.get(key);
      if (!group) {
        group = { a: record.application._id, e: event.event, d, i: [], t: [] };
        groups.set(key, group);
      }
      group.i.push(event.installation_id);
      group.t.push(event.timestamp.getTime());
    }
  }
  const ops: AnyBulkWriteOperation[] = [];
  for (const group of groups.values()) {
    for (let offset = 0; offset < group.i.length; offset += EVENT_DAY_MAX_ENTRIES) {
      const i = group.i.slice(offset, offset + EVENT_DAY_MAX_ENTRIES);
      const t = group.t.slice(offset, offset + EVENT_DAY_MAX_ENTRIES);
      ops.push({
        updateOne: {
          filter: { a: group.a, e: group.e, d: group.d, n: { $lte: EVENT_DAY_MAX_ENTRIES - i.length } },
          update: {
            $push: { i: { $each: i }, t: { $each: t } } as unknown as PushOperator<Document>,
            $inc: { n: i.length },
          },
          upsert: true,
        },
      });
    }
  }
  return ops;
}

/** The read index before the first write; the TTL index ends them with the raw events. */
export async function ensureEventDayIndexes(connection: Connection, retentionDays: number): Promise<void> {
  const model = eventDayModel(connection);
  await model.init();
  await ensureTtlIndex(connection, model.collection, {
    field: 'd',
    name: 'd_retention',
    expireAfterSeconds: retentionDays * 86_400,
  });
}

/**
 * The entries of the given events of the applications in [from, end): per event name, per
 * installation its times, ascending.
 */
export async function readEventDays(
  connection: Connection,
  query: { applicationIds: Types.ObjectId[]; events: string[]; from: Date; end: Date },
): Promise<Map<string, Map<string, number[]>>> {
  const result = new Map<string, Map<string, number[]>>(query.events.map((name) => [name, new Map()]));
  if (query.applicationIds.length === 0 || query.events.length === 0) return result;
  const docs = await eventDayModel(connection)
    .find(
      {
        a: mongoose.trusted({ $in: query.applicationIds }),
        e: mongoose.trusted({ $in: query.events }),
        d: mongoose.trusted({ $gte: bucketStart(query.from, 'day'), $lt: query.end }),
      },
      { _id: 0, e: 1, i: 1, t: 1 },
    )
    .lean<Array<Pick<EventDay, 'e' | 'i' | 't'>>>();
  const from = query.from.getTime();
  const end = query.end.getTime();
  for (const doc of docs) {
    const byInstallation = result.get(doc.e)!;
    for (let index = 0; index < doc.i.length; index++) {
      const t = doc.t[index]!;
      if (t < from || t >= end) continue;
      const installation = doc.i[index]!;
      const list = byInstallation.get(installation);
      if (list) list.push(t);
      else byInstallation.set(installation, [t]);
    }
  }
  for (const byInstallation of result.values())
    for (const list of byInstallation.values()) list.sort((x, y) => x - y);
  return result;
}
