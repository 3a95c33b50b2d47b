/**
 * The product-analytics part of `npm run bench:analytics` (issue #35): seeding SDK events straight
 * into the stores the reads use, and timing funnel, retention, stickiness and lifecycle.
 *
 * Seeding writes (with --raw-events) every generated event as a raw event (analytics_events,
 * insertMany) and, once per day, the day's events of every application through the recorder's writeBatch — the code
 * each flush runs: event counts, event days (analytics_event_days) and the activity bitmaps of
 * the installations and anonymous ids seen that day. Without --raw-events the raw events are left
 * out: no product-analytics read touches them, and inserting them is most of the seeding time on
 * the embedded database (about 0.3 ms of CPU each), which would make 10M take hours. Events come in time order, so the seed
 * holds one day in memory whatever the size.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Connection } from 'mongoose';
import type { Types } from 'mongoose';
import type { AnalyticsRecorder, TrackingRecord } from '../src/modules/telemetry/index.js';

const DAY_MS = 86_400_000;
const EVENT_CHUNK = 5_000;
const WRITERS = 4;
/** What visitors do, with weights: a funnel signup → login → purchase has something to find. */
const WEIGHTED_EVENTS: Array<[string, number]> = [
  ['page_view', 0.4],
  ['click', 0.2],
  ['search', 0.1],
  ['login', 0.1],
  ['signup', 0.08],
  ['add_to_cart', 0.06],
  ['purchase', 0.04],
  ['share', 0.02],
];

export interface ProductOwner {
  _id: Types.ObjectId;
  project_id: Types.ObjectId;
  organization_id: Types.ObjectId;
}

function pick(roll: number): string {
  let sum = 0;
  for (const [event, weight] of WEIGHTED_EVENTS) {
    sum += weight;
    if (roll < sum) return event;
  }
  return WEIGHTED_EVENTS[0]![0];
}

const hex = (n: number) => n.toString(16).padStart(32, '0');

/**
 * Adds `count` events (numbered from `from`) spread evenly over [end − span, end), each of a random
 * application and one of its `installations` installations.
 */
export async function seedProductEvents(options: {
  connection: Connection;
  recorder: AnalyticsRecorder;
  owners: ProductOwner[];
  from: number;
  count: number;
  installations: number;
  spanMs: number;
  end: number;
  random: () => number;
  /** Also insert the raw events (analytics_events): the reads never touch them, and they cost most. */
  rawEvents: boolean;
  log(line: string): void;
}): Promise<void> {
  const { connection, recorder, owners, installations, random } = options;
  const events = connection.collection('analytics_events');
  const step = options.spanMs / options.count;
  const writing = new Set<Promise<unknown>>();
  const started = performance.now();
  const track = async (promise: Promise<unknown>): Promise<void> => {
    const done: Promise<unknown> = promise.then(() => writing.delete(done));
    writing.add(done);
    if (writing.size >= WRITERS) await Promise.race(writing);
  };

  let day = -1;
  /** The current day's events per application, written with writeBatch when the day ends. */
  let records = new Map<
    number,
    Required<Pick<TrackingRecord, 'events' | 'installationIds' | 'anonymousIds'>>
  >();
  let rows: Record<string, unknown>[] = [];

  async function closeDay() {
    if (day < 0) return;
    const at = new Date(day * DAY_MS + DAY_MS / 2);
    const tracking: TrackingRecord[] = [...records].map(([appIndex, record]) => ({
      application: owners[appIndex]!,
      at,
      events: record.events,
      installationIds: [...new Set(record.installationIds)],
      anonymousIds: [...new Set(record.anonymousIds)],
    }));
    await track(recorder.writeBatch({ tracking }));
    records = new Map();
  }

  let reported = 0;
  for (let i = 0; i < options.count; i++) {
    const at = options.end - options.spanMs + (i + random()) * step;
    const appIndex = Math.floor(random() * owners.length);
    const owner = owners[appIndex]!;
    const installation = `inst_${hex(appIndex * installations + Math.floor(random() * installations))}`;
    const event = pick(random());
    const eventDay = Math.floor(at / DAY_MS);
    if (eventDay !== day) {
      await closeDay();
      day = eventDay;
    }
    let record = records.get(appIndex);
    if (!record) {
      record = { events: [], installationIds: [], anonymousIds: [] };
      records.set(appIndex, record);
    }
    record.events.push({ event, timestamp: new Date(at), installation_id: installation });
    record.installationIds.push(installation);
    record.anonymousIds.push(installation.replace('inst_', 'anon_'));
    if (options.rawEvents)
      rows.push({
        application_id: owner._id,
        project_id: owner.project_id,
        organization_id: owner.organization_id,
        event_id: `evt_${hex(options.from + i)}`,
        event,
        properties: { path: `/p/${i % 50}` },
        timestamp: new Date(at),
        received_at: new Date(at),
        session_id: null,
        installation_id: installation,
        sdk_version: '1.0.0',
      });
    if (rows.length >= EVENT_CHUNK) {
      await track(events.insertMany(rows, { ordered: false }));
      rows = [];
    }
    if (i + 1 - reported >= options.count / 10 || i + 1 === options.count) {
      reported = i + 1;
      const seconds = (performance.now() - started) / 1000;
      options.log(
        ` ${(options.from + i + 1).toLocaleString('en')} events (${Math.round((i + 1) / seconds).toLocaleString('en')}/s)`,
      );
    }
  }
  if (rows.length) await track(events.insertMany(rows, { ordered: false }));
  await closeDay();
  await Promise.all(writing);
}

/** The product-analytics reads the bench times (issue #35's goals: funnel and retention). */
export function productReads(scope: string, now = Date.now()): Array<[string, string]> {
  const from = new Date(now - 30 * DAY_MS).toISOString();
  const to = new Date(now).toISOString();
  return [
    [
      `funnel 3 steps, 30 days (${scope.split('=')[0]})`,
      `/api/v1/analytics/funnel?${scope}&steps=signup,login,purchase&window=7d&from=${from}&to=${to}`,
    ],
    [
      `retention 12 weeks (${scope.split('=')[0]})`,
      `/api/v1/analytics/retention?${scope}&period=week&periods=12`,
    ],
    [`stickiness (${scope.split('=')[0]})`, `/api/v1/analytics/stickiness?${scope}`],
    [
      `lifecycle 12 weeks (${scope.split('=')[0]})`,
      `/api/v1/analytics/lifecycle?${scope}&period=week&periods=12`,
    ],
  ];
}

/** Bytes under a directory (the embedded store's files). */
function directoryBytes(directory: string): number {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : statSync(full).size;
  }
  return total;
}

const mib = (bytes?: number) => `${((bytes ?? 0) / 2 ** 20).toFixed(1)} MiB`;

/**
 * Documents (and, on MongoDB, data and index bytes) of the stores product analytics reads; for
 * the embedded database, the data directory's size on disk (it reports no per-collection bytes).
 */
export async function storeSizes(
  connection: Connection,
  dataDir: string | null,
): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  for (const name of [
    'analytics_events',
    'analytics_event_days',
    'analytics_active_daily',
    'analytics_identities',
  ]) {
    const stats = (await connection.db!.command({ collStats: name })) as {
      count?: number;
      size?: number;
      storageSize?: number;
      totalIndexSize?: number;
    };
    rows.push([
      `store: ${name}`,
      `${(stats.count ?? 0).toLocaleString('en')} docs` +
        (stats.size
          ? `, data ${mib(stats.size)}, storage ${mib(stats.storageSize)}, indexes ${mib(stats.totalIndexSize)}`
          : ''),
    ]);
  }
  if (dataDir) rows.push(['store: embedded data directory on disk', mib(directoryBytes(dataDir))]);
  return rows;
}
