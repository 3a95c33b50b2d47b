import type { Readable } from 'node:stream';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { ActivityEntry, ActivityService } from '../../core/audit.js';
import { paginateNewestFirst, type Page } from '../../lib/pagination.js';
import { ensureTtlIndex } from '../../lib/ttl-index.js';
import { activityRows } from './activity.export.js';
import { countEntries } from './activity.filter.js';
import { activityLogModel, type ActivityLog } from './activity.model.js';
import { ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT } from './activity.schemas.js';

/**
 * The audit trail: every module appends through the core `ActivityService` contract; the activity
 * routes read it through the rest. `filter` is always one built by `activityFilterFor`, so a caller
 * reads only what it may.
 */
export interface ActivityLogService extends ActivityService {
  /** One page of matching entries, newest first (the list screen and GET /activity-logs). */
  page(
    filter: Record<string, unknown>,
    options: { limit?: number; cursor?: string },
  ): Promise<Page<ActivityLog>>;
  /** How many entries match; capped while searching, where an exact count would read every row. */
  count(
    filter: Record<string, unknown>,
    searching: boolean,
  ): Promise<{ total: number; total_capped: boolean }>;
  /** Every matching entry, newest first, as a stream read page by page while the client takes it. */
  rows<T>(filter: Record<string, unknown>, view: (entry: ActivityLog) => T): Readable;
  /** The request log's rows (built whole by telemetry, ids included), in one unordered insert per flush. */
  insertMany(rows: Array<Record<string, unknown>>): Promise<void>;
  /** The TTL index on `created_at`: every entry, request rows and audit alike, expires after it. */
  ensureRetention(ttl: { name: string; expireAfterSeconds: number }): Promise<void>;
}

export function createActivityService(deps: { connection: Connection; logger: Logger }): ActivityLogService {
  const ActivityLogs = activityLogModel(deps.connection);
  const append = async (entry: ActivityEntry) =>
    String(
      (await ActivityLogs.create({ ...entry, metadata: entry.metadata ?? {} } as Partial<ActivityLog>))._id,
    );
  return {
    append,
    async record(entry) {
      try {
        await append(entry);
      } catch (error) {
        deps.logger.error({ err: error, action: entry.action }, 'could not write the activity log entry');
      }
    },
    page: (filter, options) =>
      paginateNewestFirst(ActivityLogs, filter, options, {
        defaultLimit: ACTIVITY_DEFAULT_LIMIT,
        maxLimit: ACTIVITY_MAX_LIMIT,
      }),
    count: (filter, searching) => countEntries(ActivityLogs, filter, searching),
    rows: (filter, view) => activityRows(ActivityLogs, filter, view),
    async insertMany(rows) {
      await ActivityLogs.collection.insertMany(rows, { ordered: false });
    },
    ensureRetention: (ttl) =>
      ensureTtlIndex(deps.connection, ActivityLogs.collection, { field: 'created_at', ...ttl }),
  };
}
