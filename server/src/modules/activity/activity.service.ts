import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { ActivityEntry, ActivityService } from '../../core/audit.js';
import { activityLogModel, type ActivityLog } from './activity.model.js';

export function createActivityService(deps: { connection: Connection; logger: Logger }): ActivityService {
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
  };
}
