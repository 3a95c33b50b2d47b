import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { activityLogModel, type ActivityLog, type ResourceType } from './activity.model.js';

export interface ActivityEntry {
  action: string;
  resource_type: ResourceType;
  resource_id?: string | null;
  user_id?: string | null;
  organization_id?: string | null;
  project_id?: string | null;
  application_id?: string | null;
  status_code?: number | null;
  ip_address?: string | null;
  user_agent?: string | null;
  endpoint?: string | null;
  method?: string | null;
  /** Entries sent by an SDK (POST /api/v1/activity): who and what sent them. */
  installation_id?: string | null;
  anonymous_user_id?: string | null;
  sdk_version?: string | null;
  /** Context for people reading the trail. Never put secrets, tokens or passwords here. */
  metadata?: Record<string, unknown>;
}

/** Where a request came from, as recorded in the audit trail. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

export interface ActivityService {
  /**
   * Appends to the audit trail. Audit writes never fail the action they describe: a failure
   * is logged and swallowed, because the action itself has already happened.
   */
  record(entry: ActivityEntry): Promise<void>;
  /** Appends an entry the caller asked for (an SDK's activity) and returns its id; failures propagate. */
  append(entry: ActivityEntry): Promise<string>;
}

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
