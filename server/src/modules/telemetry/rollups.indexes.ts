import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { ensureTtlIndex } from '../../lib/ttl-index.js';
import { HOURLY_ACTIVE_RETENTION_DAYS, type analyticsModels } from './rollups.model.js';

const RAW_RETENTION_INDEX = 'created_at_retention';
const ROLLUP_RETENTION_INDEX = 't_retention';

/**
 * Where request rows are stored: the activity log, through the activity module. Rows go in as
 * built (ids and dates included), in one unordered insert per flush.
 */
export interface RequestLogStore {
  insertMany(rows: Array<Record<string, unknown>>): Promise<void>;
  /** The TTL index on `created_at` that ends the rows' (and the whole activity log's) retention. */
  ensureRetention(ttl: { name: string; expireAfterSeconds: number }): Promise<void>;
}

/** The recorder's indexes: the unique ones before the first write, then retention, then the old keys' move. */
export function createEnsureIndexes(deps: {
  connection: Connection;
  logger: Logger;
  models: ReturnType<typeof analyticsModels>;
  retentionDays: number;
  rollupRetentionDays: number;
  requestLog?: RequestLogStore;
  /** Moves what earlier versions stored; runs in the background once the indexes exist. */
  migrate(): Promise<void>;
}): () => Promise<void> {
  const { connection, logger, models } = deps;
  let ready: Promise<void> | undefined;
  function ensureIndexes(): Promise<void> {
    ready ??= (async () => {
      // The unique indexes decide correctness (one rollup per bucket, one key per bucket): they
      // must exist before the first write.
      await Promise.all([
        models.Rollups.init(),
        models.EventCounts.init(),
        models.Active.hour.init(),
        models.Active.day.init(),
        models.IdentityNumbers.init(),
      ]);
      const rollupTtl = {
        field: 't',
        name: ROLLUP_RETENTION_INDEX,
        expireAfterSeconds: deps.rollupRetentionDays * 86_400,
      };
      // Retention is not worth losing the counts for: a TTL index that cannot be made (an
      // operator's own index on the field) is reported, and writing goes on.
      const ttl = await Promise.allSettled([
        deps.requestLog?.ensureRetention({
          name: RAW_RETENTION_INDEX,
          expireAfterSeconds: deps.retentionDays * 86_400,
        }),
        ensureTtlIndex(connection, models.Rollups.collection, rollupTtl),
        ensureTtlIndex(connection, models.EventCounts.collection, rollupTtl),
        ensureTtlIndex(connection, models.Active.day.collection, rollupTtl),
        ensureTtlIndex(connection, models.Active.hour.collection, {
          ...rollupTtl,
          expireAfterSeconds: Math.min(deps.rollupRetentionDays, HOURLY_ACTIVE_RETENTION_DAYS) * 86_400,
        }),
      ]);
      for (const outcome of ttl)
        if (outcome.status === 'rejected')
          logger.error({ err: outcome.reason }, 'analytics: could not create a retention (TTL) index');
      deps
        .migrate()
        .catch((error: unknown) =>
          logger.error({ err: error }, 'analytics: could not move the old active keys into bitmaps'),
        );
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  }
  return ensureIndexes;
}
