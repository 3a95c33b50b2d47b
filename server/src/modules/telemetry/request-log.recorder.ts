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
 * A flush starts as soon as this many request rows wait, not only once a second (issue #38): a row
 * kept for up to a second outlives the young generation's collections and is copied into the old
 * one — the request log's largest cost under load was the garbage collector's. Small batches die
 * younger. Not much smaller: each flush also writes the rollup and activity counters of its rows,
 * so at 200 rows the database's CPU per logged request grew by ~10 µs (route-cpu, cs_ GET).
 */
const FLUSH_BATCH_ROWS = 1_000;

/**
 * The request log and the rollups behind it. Requests and SDK ingests only append to in-memory
 * queues (no database round trip on the request path); once a second one flush writes the rows
 * with one insertMany, the counters with one bulk of $inc upserts and the active keys with one
 * unordered insertMany whose duplicates (already counted) are ignored. Nothing in memory is needed
 * for correctness: every process adds into the same documents.
 */
export function createAnalyticsRecorder(deps: {
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
}): AnalyticsRecorder {
  const { connection, logger } = deps;
  const models = analyticsModels(connection);
  const { Rollups, EventCounts } = models;
  const bitmaps = createBitmapWriter({ connection, logger, models });
  const resolveOwners = createOwnerResolver(deps.owners);

  let pendingRequests: RequestRecord[] = [];
  let pendingTracking: TrackingRecord[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

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

  function startTimer() {
    if (timer) return;
    timer = setInterval(() => {
      void flush();
    }, FLUSH_INTERVAL_MS);
    // The timer alone never keeps a process alive; shutdown flushes explicitly.
    timer.unref();
  }

  let flushSoon = false;
  function enqueue<T>(queue: T[], item: T) {
    if (pendingRequests.length + pendingTracking.length >= MAX_PENDING) {
      dropped += 1;
      return;
    }
    queue.push(item);
    startTimer();
    // One flush at a time is queued behind the one writing: while the database is slow, rows
    // gather into the next batch instead of into more flushes.
    if (queue.length >= FLUSH_BATCH_ROWS && !flushSoon) {
      flushSoon = true;
      setImmediate(() => {
        void flush().finally(() => (flushSoon = false));
      });
    }
  }

  async function write(requests: RequestRecord[], tracking: TrackingRecord[]): Promise<void> {
    if (requests.length === 0 && tracking.length === 0) return;
    await ensureIndexes();
    const idOf = objectIds();
    const owners = await resolveOwners(requests, idOf);
    const deltas = new Deltas();
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

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const requests = pendingRequests;
      const tracking = pendingTracking;
      pendingRequests = [];
      pendingTracking = [];
      if (dropped > 0) {
        logger.warn({ dropped }, 'analytics: request rows dropped, the database did not keep up');
        dropped = 0;
      }
      try {
        await write(requests, tracking);
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
      enqueue(pendingRequests, row);
    },
    recordTracking(record) {
      enqueue(pendingTracking, record);
    },
    flush,
    async writeBatch(batch) {
      await write(batch.requests ?? [], batch.tracking ?? []);
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
