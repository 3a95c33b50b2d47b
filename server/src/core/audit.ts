import type { RequestContext } from './request-context.js';

import {
  ACTIVITY_SOURCES,
  isPlatformAction,
  PLATFORM_ACTION_NAMESPACES,
  RESOURCE_TYPES,
  type ActivitySource,
  type ResourceType,
} from '@iam-platform/common';

/**
 * What an audit entry can be about (the activity log's `resource_type`), who wrote it (`source`)
 * and the action namespaces only the platform writes: shared with the dashboard.
 */
export { ACTIVITY_SOURCES, isPlatformAction, PLATFORM_ACTION_NAMESPACES, RESOURCE_TYPES };
export type { ActivitySource, ResourceType };

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
  /** 'sdk' for entries sent through POST /api/v1/activity; 'platform' (the default) otherwise. */
  source?: ActivitySource;
  /** Context for people reading the trail. Never put secrets, tokens or passwords here. */
  metadata?: Record<string, unknown>;
}

/** The audit trail every module writes to; the activity module stores it. */
export interface ActivityService {
  /**
   * Appends to the audit trail. Audit writes never fail the action they describe: a failure
   * is logged and swallowed, because the action itself has already happened.
   */
  record(entry: ActivityEntry): Promise<void>;
  /** Appends an entry the caller asked for (an SDK's activity) and returns its id; failures propagate. */
  append(entry: ActivityEntry): Promise<string>;
}

/** One action a person took through the API, for `recordAudit`. */
export type AuditEvent = Omit<ActivityEntry, 'ip_address' | 'user_agent' | 'status_code' | 'metadata'> & {
  /** The HTTP status the action answered with; 200 unless given. */
  status_code?: number;
  metadata?: Record<string, unknown>;
};

/**
 * Records an action taken in a request: the request's address and user agent, status 200 and
 * empty metadata unless given. Every service audits through this one helper, so entries of every
 * module carry the same fields.
 */
export function recordAudit(
  trail: ActivityService,
  context: RequestContext,
  event: AuditEvent,
): Promise<void> {
  return trail.record({
    ...event,
    status_code: event.status_code ?? 200,
    ip_address: context.ip,
    user_agent: context.userAgent,
    metadata: event.metadata ?? {},
  });
}

/** An audit event about an account, for recordAudit: the account is both subject and actor. */
export function accountEvent(
  action: string,
  userId: string | null,
  fields: Pick<AuditEvent, 'status_code' | 'metadata'> = {},
): AuditEvent {
  return { action, resource_type: 'user', resource_id: userId, user_id: userId, ...fields };
}
