import type { DeliveryDocument, WebhookDocument } from './webhooks.model.js';
import type { DeliveryView, WebhookView } from './webhooks.types.js';

/** How every signing secret starts; `secret_hint` shows it and the next four characters. */
export const SECRET_PREFIX = 'whsec_';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function webhookView(webhook: WebhookDocument): WebhookView {
  return {
    id: String(webhook._id),
    organization_id: String(webhook.organization_id),
    url: webhook.url,
    description: webhook.description,
    events: webhook.events,
    project_ids: webhook.project_ids.map(String),
    application_ids: webhook.application_ids.map(String),
    enabled: webhook.enabled,
    disabled_reason: webhook.disabled_reason,
    disabled_at: iso(webhook.disabled_at),
    consecutive_failures: webhook.consecutive_failures,
    last_success_at: iso(webhook.last_success_at),
    last_failure_at: iso(webhook.last_failure_at),
    secret_hint: `${webhook.secret.slice(0, SECRET_PREFIX.length + 4)}…`,
    created_by: String(webhook.created_by),
    created_at: webhook.created_at.toISOString(),
    updated_at: webhook.updated_at.toISOString(),
  };
}

function parsedPayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

export function deliveryView(delivery: DeliveryDocument): DeliveryView {
  return {
    id: String(delivery._id),
    webhook_id: String(delivery.webhook_id),
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    trigger: delivery.trigger,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' ? delivery.next_attempt_at.toISOString() : null,
    response_status: delivery.response_status,
    response_body: delivery.response_body,
    error: delivery.error,
    duration_ms: delivery.duration_ms,
    attempt_log: delivery.attempt_log.map((entry) => ({
      at: entry.at.toISOString(),
      response_status: entry.response_status,
      duration_ms: entry.duration_ms,
      error: entry.error,
    })),
    payload: parsedPayload(delivery.payload),
    created_at: delivery.created_at.toISOString(),
    delivered_at: iso(delivery.delivered_at),
  };
}
