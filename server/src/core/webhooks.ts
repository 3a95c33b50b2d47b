/**
 * The events a webhook can subscribe to. Each is emitted by the module where it happens, through
 * `webhooks.emit(type, scope, data)`; docs/webhooks.md describes every one and its `data`.
 */
export const WEBHOOK_EVENT_TYPES = [
  'user.registered',
  'user.email_confirmed',
  'user.updated',
  'user.deleted',
  'session.created',
  'member.added',
  'member.role_changed',
  'member.removed',
  'role.created',
  'role.updated',
  'role.deleted',
  'project_role.created',
  'project_role.updated',
  'project_role.deleted',
  'project_permission.created',
  'project_permission.updated',
  'project_permission.deleted',
  'user.roles_changed',
  'skills.changed',
  'policy.created',
  'policy.updated',
  'policy.deleted',
  'organization.updated',
  'application.created',
  'application.updated',
  'application.deleted',
  'token.created',
  'token.revoked',
  'email.sent',
  'email.failed',
  'alert.firing',
  'alert.resolved',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Where an event happened. With an organization or application, the event goes to that
 * organization's webhooks. With only a user (a person's own account: dashboard sign-ins, profile
 * changes) it goes to no organization: organizations hear of their own resources and of their
 * applications' end users, never of their members' accounts (docs/webhooks.md).
 */
export interface EventScope {
  organizationId?: string | null;
  projectId?: string | null;
  applicationId?: string | null;
  userId?: string | null;
}

/** What other modules call; emitting never throws and never waits for delivery. */
export interface WebhookEmitter {
  emit(type: WebhookEventType, scope: EventScope, data: Record<string, unknown>): void;
}
