import type { ErrorDefinition } from '../../lib/errors.js';

/** The alerts module's error catalog (listed in error-catalog.ts; the dashboard has texts for each). */
export const AlertErrors = {
  NOT_FOUND: { status: 404, code: 'alert_not_found', message: 'Alert rule not found.' },
  METRIC_UNAVAILABLE: {
    status: 400,
    code: 'alert_metric_unavailable',
    message: 'Alerts on funnel_conversion are not available yet. Choose another metric.',
  },
  RECIPIENT_NOT_MEMBER: {
    status: 400,
    code: 'alert_recipient_not_member',
    message: 'Alert e-mails go only to members of the organization. Invite the address first or remove it.',
  },
  LIMIT_REACHED: {
    status: 409,
    code: 'alert_limit_reached',
    message: 'The organization has 100 alert rules. Delete one before you create another.',
  },
} as const satisfies Record<string, ErrorDefinition>;
