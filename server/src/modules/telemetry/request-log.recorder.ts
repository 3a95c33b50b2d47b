import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { Deltas } from './rollups.deltas.js';
import { createBitmapWriter } from './rollups.bitmaps.js';
import { analyticsModels } from './rollups.model.js';
import { createEnsureIndexes, type RequestLogStore } from './rollups.indexes.js';
import {
  createOwnerResolver,
  objectIds,
  requestLogRow,
  scopesOf,
  type OwnerDirectory,
} from './request-log.rows.js';
import type { AnalyticsRecorder, RequestRecord, TrackingRecord } from './request-log.types.js';
import { ensureEventDayIndexes, eventDayModel, eventDayOps } from './request-log.event-days.js';

/** How often buffered request rows and counters are written: a crash loses at most this much. */
export const FLUSH_INTERVAL_MS = 1000;
/**
 * Rows waiting beyond this (the database is down or far too slow) are dropped and counted in the
 * log, so request logging can never take the process's memory with it.
 */
const MAX_PENDING = 100_000;
/**
 * Request rows are inserted as soon as this many wait, not only once a second (issue #38): a row
 * that waits long enough outlives two young-generation collections and is copied into the old
 * generation. At 1,000 rows per insert a verify promoted ~18.6 kB per request; at 200, ~9.2 kB, about
 * what a bare Express hello-world promotes (`--trace-gc-nvp` through `server/bench/route-cpu.ts`,
 * the difference of a 2 s and an 8 s run; docs/performance.md).
 */
const ROW_BATCH = 200;
/**
 * The counters (rollups, event counts, active identities) of the rows inserted meanwhile are
 * written once this many rows are counted, or with the once-a-second flush: each write is a bulk
 * of upserts whose cost barely depends on how many rows it sums, so writing them with every small
 * row batch cost the database ~10 µs more per logged request (route-cpu, cs_ GET, session 19).
 */
const COUNTER_BATCH_ROWS = 1_000;

type RecorderDeps = {
  connection: Connection;
  logger: Logger;
  retentionDays: number;
  rollupRetentionDays: number;
  /**
   * Where request rows go and who owns the applications and projects they name. A recorder without
   * them (a second process in tests, seeding) writes the rollups and SDK counters only.
   */
  requestLog?: RequestLogStore;
  owners?: OwnerDirectory;
};

/** The writes of a flush: request rows, and the counters of rows and SDK records. */
function createWriter(deps: RecorderDeps) {
  const { connection, logger } = deps;
  const models = analyticsModels(connection);
  const { Rollups, EventCounts } = models;
  const bitmaps = createBitmapWriter({ connection, logger, models });
  const resolveOwners = createOwnerResolver(deps.owners);

  const EventDays = eventDayModel(connection);
  const ensureRollupIndexes = createEnsureIndexes({
    ...deps,
    models,
    migrate: () => bitmaps.migrateActiveKeys(),
  });
  let eventDayIndexes: Promise<void> | undefined;
  const ensureIndexes = async () => {
    eventDayIndexes ??= ensureEventDayIndexes(connection, deps.retentionDays).catch((error: unknown) => {
      eventDayIndexes = undefined;
      throw error;
    });
    await Promise.all([ensureRollupIndexes(), eventDayIndexes]);
  };

  /**
   * Inserts the request rows and adds their counters to `deltas`; with `counters`, also writes
   * everything `deltas` holds and the SDK records.
   */
  async function write(
    requests: RequestRecord[],
    tracking: TrackingRecord[],
    deltas: Deltas,
    counters: boolean,
  ): Promise<void> {
    if (requests.length === 0 && tracking.length === 0 && (!counters || deltas.isEmpty())) return;
    await ensureIndexes();
    const idOf = objectIds();
    const owners = await resolveOwners(requests, idOf);
    const rows = requests.map((row, index) => {
      const owner = owners[index]!;
      // A team member's dashboard request is logged, never counted as the application's traffic.
      if (row.source !== 'dashboard') deltas.addRequest(scopesOf(owner), row, row.user_id);
      return requestLogRow(row, owner, idOf);
    });
    for (const record of tracking) {
      const { _id, project_id, organization_id } = record.application;
      deltas.addTracking(
        [
          ['application', _id],
          ['project', project_id],
          ['organization', organization_id],
        ],
        record,
      );
    }
    if (!counters) {
      if (rows.length && deps.requestLog) await deps.requestLog.insertMany(rows);
      return;
    }
    const rollupOps = deltas.rollupOps();
    const eventOps = deltas.eventOps();
    const eventDayWrites = eventDayOps(tracking);
    await Promise.all([
      rows.length && deps.requestLog ? deps.requestLog.insertMany(rows) : null,
      rollupOps.length ? Rollups.collection.bulkWrite(rollupOps, { ordered: false }) : null,
      eventOps.length ? EventCounts.collection.bulkWrite(eventOps, { ordered: false }) : null,
      bitmaps.writeBitmaps(deltas),
      eventDayWrites.length ? EventDays.collection.bulkWrite(eventDayWrites, { ordered: false }) : null,
    ]);
  }

  return { write, ensureIndexes };
}

/**
 * The request log and the rollups behind it. Requests and SDK ingests only append to in-memory
 * queues (no database round trip on the request path). Request rows go out with one insertMany per
 * ROW_BATCH; their counters gather in memory and, once a second (or per COUNTER_BATCH_ROWS), one
 * flush writes them with one bulk of $inc upserts and the active identities as bits. Nothing in
 * memory is needed for correctness: every process adds into the same documents.
 */
export function createAnalyticsRecorder(deps: RecorderDeps): AnalyticsRecorder {
  const { connection, logger } = deps;
  const { write, ensureIndexes } = createWriter(deps);

  let pendingRequests: RequestRecord[] = [];
  let pendingTracking: TrackingRecord[] = [];
  /** Counters of the rows already inserted, written with the next full flush. */
  let pendingDeltas = new Deltas();
  let countedRows = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function startTimer() {
    if (timer) return;
    timer = setInterval(() => {
      void flush();
    }, FLUSH_INTERVAL_MS);
    // The timer alone never keeps a process alive; shutdown flushes explicitly.
    timer.unref();
  }

  let flushSoon = false;
  /** Queues an item; once `due` wait, a flush is started without waiting for the timer. */
  function enqueue<T>(queue: T[], item: T, due: number) {
    if (pendingRequests.length + pendingTracking.length >= MAX_PENDING) {
      dropped += 1;
      return;
    }
    queue.push(item);
    startTimer();
    // One flush at a time is queued behind the one writing: while the database is slow, rows
    // gather into the next batch instead of into more flushes.
    if (queue.length >= due && !flushSoon) {
      flushSoon = true;
      setImmediate(() => {
        // Rows alone, unless enough counters (or SDK records) have gathered to be written too.
        const counters =
          countedRows + pendingRequests.length >= COUNTER_BATCH_ROWS ||
          pendingTracking.length >= COUNTER_BATCH_ROWS;
        void flush({ counters }).finally(() => (flushSoon = false));
      });
    }
  }

  /** Writes what waits: the request rows, and with `counters` (the default) every counter and SDK record. */
  function flush({ counters = true }: { counters?: boolean } = {}): Promise<void> {
    writing = writing.then(async () => {
      const requests = pendingRequests;
      pendingRequests = [];
      const tracking = counters ? pendingTracking : [];
      if (counters) pendingTracking = [];
      const deltas = pendingDeltas;
      if (counters) {
        pendingDeltas = new Deltas();
        countedRows = 0;
      } else countedRows += requests.length;
      if (dropped > 0) {
        logger.warn({ dropped }, 'analytics: request rows dropped, the database did not keep up');
        dropped = 0;
      }
      try {
        await write(requests, tracking, deltas, counters);
      } catch (error) {
        // Analytics never fails a request; what this flush held is lost (at most a second's worth).
        logger.error(
          { err: error, requests: requests.length, tracking: tracking.length },
          'analytics: could not write request logs and rollups',
        );
      }
    });
    return writing;
  }

  return {
    logRequest(row) {
      enqueue(pendingRequests, row, ROW_BATCH);
    },
    recordTracking(record) {
      enqueue(pendingTracking, record, COUNTER_BATCH_ROWS);
    },
    flush: () => flush(),
    async writeBatch(batch) {
      await write(batch.requests ?? [], batch.tracking ?? [], new Deltas(), true);
    },
    ensureIndexes,
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      // Without a database (it went away before shutdown) a write would wait for the connection
      // to come back and hold up the shutdown; say what is lost instead.
      if (connection.readyState !== mongoose.ConnectionStates.connected) {
        const lost = pendingRequests.length + pendingTracking.length;
        if (lost > 0) logger.error({ lost }, 'analytics: database gone at shutdown, queued rows not written');
        return;
      }
      await flush();
    },
  };
}
