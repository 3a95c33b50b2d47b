/** The webhooks module's error catalog: status, stable code and the message clients show. */
export const WebhookErrors = {
  NOT_FOUND: { status: 404, code: 'webhook_not_found', message: 'Webhook not found.' },
  DELIVERY_NOT_FOUND: {
    status: 404,
    code: 'webhook_delivery_not_found',
    message: 'Webhook delivery not found.',
  },
  INVALID_URL: {
    status: 400,
    code: 'webhook_url_invalid',
    message: 'The webhook URL must be an absolute http:// or https:// URL without user name or password.',
  },
  URL_NOT_ALLOWED: {
    status: 400,
    code: 'webhook_url_not_allowed',
    message:
      'Webhook URLs may not point at loopback, private, link-local or other internal network addresses. Use a publicly reachable address.',
  },
  URL_UNRESOLVABLE: {
    status: 400,
    code: 'webhook_url_unresolvable',
    message: 'The host name of the webhook URL cannot be resolved. Check the URL.',
  },
  UNKNOWN_EVENT: {
    status: 400,
    code: 'webhook_event_unknown',
    message: 'One of the event types matches no event. Use names such as user.registered, user.* or *.',
  },
  SCOPE_OUTSIDE_ORGANIZATION: {
    status: 400,
    code: 'webhook_scope_invalid',
    message: 'Every project and application a webhook is narrowed to must belong to its organization.',
  },
  LIMIT_REACHED: {
    status: 409,
    code: 'webhook_limit_reached',
    message: 'This organization has reached its limit of webhooks. Delete one you no longer need.',
  },
  DISABLED: {
    status: 409,
    code: 'webhook_disabled',
    message: 'This webhook is disabled. Enable it before redelivering events to it.',
  },
  DELIVERY_PENDING: {
    status: 409,
    code: 'webhook_delivery_pending',
    message: 'This delivery is still queued or being retried; it cannot be redelivered yet.',
  },
} as const;
