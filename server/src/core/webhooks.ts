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
  'organization.updated',
  'application.created',
  'application.updated',
  'application.deleted',
  'token.created',
  'token.revoked',
  'email.sent',
  'email.failed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Where an event happened. With an organization or application, the event goes to that
 * organization's webhooks; with only a user, to the webhooks of every organization the user is
 * an active member of (user.* and session.created of dashboard sign-ins).
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
