import { z } from '../../lib/openapi.js';
import { listSchema } from '../../lib/pagination.js';
import { EmailSchema, ObjectIdParam } from '../../core/schemas.js';
import { ALERT_COMPARATORS, ALERT_METRICS, ALERT_STATES } from './alerts.model.js';

/** Limits of a rule (docs/alerts.md). */
export const LIMITS = {
  windowS: { min: 60, max: 7 * 86_400 },
  cooldownS: { max: 30 * 86_400 },
  minSamples: { max: 1_000_000 },
  emails: 20,
  steps: { min: 2, max: 10 },
} as const;

const EventName = z.string().trim().min(1, 'Name the event.').max(200);

const ChannelsSchema = z
  .object({
    emails: z.array(EmailSchema).max(LIMITS.emails, `At most ${LIMITS.emails} addresses.`).default([]),
    webhook: z.boolean().default(false).openapi({
      description:
        'Send `alert.firing` / `alert.resolved` to the organization’s webhooks subscribed to them.',
    }),
  })
  .openapi({ description: 'Where notifications go: members’ addresses and/or the organization’s webhooks.' });

const ruleFields = {
  name: z.string().trim().min(1, 'Name the rule.').max(200),
  metric: z
    .enum(ALERT_METRICS)
    .openapi({ description: 'What is measured over the window (docs/alerts.md).' }),
  event: EventName.nullable().optional().openapi({ description: 'event_count: the event’s name.' }),
  steps: z
    .array(EventName)
    .min(1, `A funnel has at least ${LIMITS.steps.min} steps (or is ["journey"]).`)
    .max(LIMITS.steps.max, `A funnel has at most ${LIMITS.steps.max} steps.`)
    .optional()
    .openapi({
      description:
        'funnel_conversion: the event names of the funnel in order (each optionally `name|key=value`), or ["journey"] for the built-in journey.',
    }),
  comparator: z.enum(ALERT_COMPARATORS).openapi({ description: 'value gt|gte|lt|lte threshold' }),
  threshold: z.number().finite().min(0, 'The threshold is 0 or more.'),
  window_s: z
    .number()
    .int()
    .min(LIMITS.windowS.min, `The window is at least ${LIMITS.windowS.min} seconds.`)
    .max(LIMITS.windowS.max, `The window is at most ${LIMITS.windowS.max} seconds (7 days).`),
  cooldown_s: z
    .number()
    .int()
    .min(0, 'The cooldown is 0 or more seconds.')
    .max(LIMITS.cooldownS.max, `The cooldown is at most ${LIMITS.cooldownS.max} seconds (30 days).`),
  min_samples: z
    .number()
    .int()
    .min(0, 'min_samples is 0 or more.')
    .max(LIMITS.minSamples.max, `min_samples is at most ${LIMITS.minSamples.max}.`),
  channels: ChannelsSchema,
};

export const CreateAlertSchema = z
  .object({
    application_id: ObjectIdParam.optional(),
    project_id: ObjectIdParam.optional(),
    ...ruleFields,
    cooldown_s: ruleFields.cooldown_s.default(3600),
    min_samples: ruleFields.min_samples.default(1),
    channels: ChannelsSchema.default({ emails: [], webhook: false }),
  })
  .openapi('CreateAlertRequest');

export const UpdateAlertSchema = z
  .object({
    name: ruleFields.name.optional(),
    metric: ruleFields.metric.optional(),
    event: ruleFields.event,
    steps: ruleFields.steps,
    comparator: ruleFields.comparator.optional(),
    threshold: ruleFields.threshold.optional(),
    window_s: ruleFields.window_s.optional(),
    cooldown_s: ruleFields.cooldown_s.optional(),
    min_samples: ruleFields.min_samples.optional(),
    channels: ChannelsSchema.optional(),
    muted: z.boolean().optional().openapi({ description: 'true: hold notifications until unmuted.' }),
    muted_until: z.iso.datetime().nullable().optional().openapi({
      description: 'Hold notifications until then (ISO 8601); null lifts it.',
    }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change.',
  })
  .openapi('UpdateAlertRequest');

export const AlertSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    application_id: z.string().nullable(),
    name: z.string(),
    metric: z.enum(ALERT_METRICS),
    event: z.string().nullable(),
    steps: z.array(z.string()),
    comparator: z.enum(ALERT_COMPARATORS),
    threshold: z.number(),
    window_s: z.number().int(),
    cooldown_s: z.number().int(),
    min_samples: z.number().int(),
    channels: z.object({ emails: z.array(z.string()), webhook: z.boolean() }),
    muted: z.boolean().openapi({ description: 'Whether notifications are held now.' }),
    muted_until: z.iso.datetime().nullable(),
    state: z.enum(ALERT_STATES),
    state_since: z.iso.datetime(),
    last_value: z.number().nullable(),
    last_samples: z.number().nullable(),
    last_evaluated_at: z.iso.datetime().nullable(),
    last_notified_at: z.iso.datetime().nullable(),
    created_by: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .openapi('Alert');

export const AlertListSchema = listSchema(AlertSchema, 'AlertList');

export const AlertListQuery = z.object({
  organization_id: ObjectIdParam.optional(),
  project_id: ObjectIdParam.optional(),
  application_id: ObjectIdParam.optional(),
});

export const AlertHistoryEntrySchema = z
  .object({
    id: z.string(),
    alert_id: z.string(),
    kind: z.enum(['firing', 'resolved', 'test']),
    from_state: z.enum(ALERT_STATES).nullable(),
    to_state: z.enum(ALERT_STATES).nullable(),
    value: z.number().nullable(),
    samples: z.number().nullable(),
    threshold: z.number(),
    comparator: z.enum(ALERT_COMPARATORS),
    notified: z.object({
      emails: z.number().int(),
      webhook: z.boolean(),
      suppressed: z.enum(['cooldown', 'muted']).nullable(),
    }),
    at: z.iso.datetime(),
  })
  .openapi('AlertHistoryEntry');

export const AlertHistorySchema = listSchema(AlertHistoryEntrySchema, 'AlertHistory');

export const AlertTestResultSchema = z
  .object({
    emails: z.array(z.string()).openapi({ description: 'The addresses the test mail was sent to.' }),
    failed_emails: z.array(z.string()).openapi({ description: 'Addresses the mail server refused.' }),
    webhook: z.boolean().openapi({ description: 'Whether an `alert.firing` test event was queued.' }),
  })
  .openapi('AlertTestResult');

export type CreateAlertInput = z.infer<typeof CreateAlertSchema>;
export type UpdateAlertInput = z.infer<typeof UpdateAlertSchema>;
export type AlertView = z.infer<typeof AlertSchema>;
export type AlertHistoryView = z.infer<typeof AlertHistoryEntrySchema>;
export type AlertListQueryInput = z.infer<typeof AlertListQuery>;
