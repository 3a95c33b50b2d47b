/** The activity trail (audit and request log) as the server writes it and the dashboard filters it. */

/** Every resource type an activity log entry can name. */
export const RESOURCE_TYPES = [
  'user',
  'token',
  'project',
  'application',
  'organization',
  'member',
  'role',
  'policy',
  'api',
  'component',
  'other',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * Who wrote an entry: the platform itself (audits, the request log) or an SDK through
 * POST /api/v1/activity, which needs only the public application id. Entries stored before the
 * field existed count as the platform's. `dashboard`: a request-log row of a team member's
 * dashboard session (a platform-pool JWT on the product API) — kept for the audit, left out of
 * the application's analytics and of the logs list unless asked for (docs/analytics.md).
 */
export const ACTIVITY_SOURCES = ['platform', 'sdk', 'dashboard'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/**
 * The namespaces of the platform's own audit actions (`member.removed`, `user.login`,
 * `api.request`, …) and of the webhook events. An SDK may not log an action in one of them, so
 * that nobody holding the public application id can write what reads as the platform's audit
 * trail. A new audit namespace must be added here (server/test/tracking/sdk-activity-source.test.ts
 * fails otherwise).
 */
export const PLATFORM_ACTION_NAMESPACES = [
  'alert',
  'api',
  'application',
  'authorization',
  'email',
  'email_sender',
  'email_settings',
  'email_template',
  'invitation',
  'member',
  'organization',
  'policy',
  'pool_user',
  'project',
  'project_permission',
  'project_role',
  'role',
  'session',
  'skills',
  'token',
  'user',
  'webhook',
] as const;

/** Whether an action lies in a platform namespace: `member.removed`, `Member.Removed`, `webhook: x`. */
export function isPlatformAction(action: string): boolean {
  const namespace = /^\s*([a-z_]+)\s*[.:]/i.exec(action)?.[1]?.toLowerCase();
  return namespace !== undefined && (PLATFORM_ACTION_NAMESPACES as readonly string[]).includes(namespace);
}
