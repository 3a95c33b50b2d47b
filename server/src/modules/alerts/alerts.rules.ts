import { AppError, CommonErrors } from '../../lib/errors.js';
import type { ErrorDetail } from '../../lib/errors.js';
import { AlertErrors } from './alerts.errors.js';
import type { AlertMetric } from './alerts.model.js';

/** The fields of a rule that depend on each other, as they will be stored. */
export interface RuleShape {
  metric: AlertMetric;
  event: string | null;
  steps: string[];
  threshold: number;
  channels: { emails: string[]; webhook: boolean };
}

/**
 * The checks zod cannot make field by field: the metric's own fields, percentages up to 100, the
 * recipients (members of the organization only: a rule must not turn the platform into a mailer
 * for arbitrary addresses). 400 validation_failed naming each field, or a code of its own.
 */
export async function checkRule(
  shape: RuleShape,
  options: { funnelAvailable: boolean; memberEmails: () => Promise<string[]> },
): Promise<void> {
  const details: ErrorDetail[] = [];
  if (shape.metric === 'event_count' && !shape.event)
    details.push({ path: 'body.event', message: 'event_count needs the event’s name (event).' });
  if (shape.metric !== 'event_count' && shape.event)
    details.push({ path: 'body.event', message: 'Only event_count takes an event name.' });
  const journey = shape.steps.length === 1 && shape.steps[0] === 'journey';
  if (shape.metric === 'funnel_conversion' && shape.steps.length < 2 && !journey)
    details.push({
      path: 'body.steps',
      message: 'funnel_conversion needs at least 2 steps (steps), or ["journey"] for the built-in journey.',
    });
  if (shape.metric !== 'funnel_conversion' && shape.steps.length > 0)
    details.push({ path: 'body.steps', message: 'Only funnel_conversion takes steps.' });
  if ((shape.metric === 'error_rate' || shape.metric === 'funnel_conversion') && shape.threshold > 100)
    details.push({ path: 'body.threshold', message: `${shape.metric} is a percentage: 0 to 100.` });
  if (details.length > 0)
    throw new AppError(CommonErrors.VALIDATION_FAILED, {
      message: `${details[0]!.path}: ${details[0]!.message}`,
      details,
    });
  if (shape.metric === 'funnel_conversion' && !options.funnelAvailable)
    throw new AppError(AlertErrors.METRIC_UNAVAILABLE);
  if (shape.channels.emails.length > 0) {
    const members = new Set((await options.memberEmails()).map((email) => email.toLowerCase()));
    const strangers = shape.channels.emails.filter((email) => !members.has(email.toLowerCase()));
    if (strangers.length > 0)
      throw new AppError(AlertErrors.RECIPIENT_NOT_MEMBER, {
        details: strangers.map((email) => ({ path: 'body.channels.emails', message: email })),
      });
  }
}
