import { z } from '../../lib/openapi.js';
import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { IdParams, ObjectIdParam } from '../../core/schemas.js';
import { TEST_EVENT_TYPE } from './webhooks.events.js';
import { WEBHOOK_EVENT_TYPES } from '../../core/webhooks.js';

export { IdParams };

const UrlSchema = z.string().trim().min(1, 'The URL is required.').max(2048).openapi({
  description: 'Where events are POSTed (http:// or https://).',
  example: 'https://example.com/hooks/iam',
});

const EventsSchema = z
  .array(z.string().trim().min(1).max(100))
  .min(1, 'Choose at least one event type.')
  .max(50)
  .openapi({
    description: `Event types or patterns: an exact type, \`<group>.*\` or \`*\`. Types: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
    example: ['user.*', 'member.added'],
  });

const IdListSchema = z.array(ObjectIdParam).max(50);

export const CreateWebhookSchema = z
  .object({
    url: UrlSchema,
    events: EventsSchema,
    description: z.string().trim().max(500).optional(),
    project_ids: IdListSchema.optional().openapi({
      description: 'Only events about these projects (or the applications below); empty: all events.',
    }),
    application_ids: IdListSchema.optional(),
  })
  .openapi('CreateWebhookRequest');

export const UpdateWebhookSchema = z
  .object({
    url: UrlSchema.optional(),
    events: EventsSchema.optional(),
    description: z.string().trim().max(500).nullable().optional(),
    project_ids: IdListSchema.optional(),
    application_ids: IdListSchema.optional(),
    enabled: z.boolean().optional().openapi({
      description: 'Enabling a webhook that was disabled sends the events that waited for it.',
    }),
    rotate_secret: z.literal(true).optional().openapi({
      description: 'Issue a new secret (in this response only); the old one stops signing at once.',
    }),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .openapi('UpdateWebhookRequest');

export const WebhookSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    project_ids: z.array(z.string()),
    application_ids: z.array(z.string()),
    enabled: z.boolean(),
    disabled_reason: z.enum(['failing', 'manual']).nullable().openapi({
      description: '`failing`: disabled automatically after a delivery failed for 24 hours.',
    }),
    disabled_at: z.iso.datetime().nullable(),
    consecutive_failures: z.number().int(),
    last_success_at: z.iso.datetime().nullable(),
    last_failure_at: z.iso.datetime().nullable(),
    secret_hint: z.string().openapi({ description: 'The first characters of the secret.' }),
    created_by: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .openapi('Webhook');

export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().openapi({
    description: 'The signing secret (`whsec_…`), shown in this response only.',
  }),
}).openapi('WebhookWithSecret');

export const UpdatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().optional().openapi({ description: 'The new secret, when `rotate_secret` was sent.' }),
}).openapi('UpdatedWebhook');

export const WebhookListSchema = listSchema(WebhookSchema, 'WebhookList');

export const DeliverySchema = z
  .object({
    id: z.string(),
    webhook_id: z.string(),
    event_id: z.string().openapi({ description: 'Same for every delivery of one event (X-IAM-Event-Id).' }),
    event_type: z.string().openapi({ description: `An event type, or ${TEST_EVENT_TYPE}.` }),
    trigger: z.enum(['event', 'test', 'redelivery']),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    next_attempt_at: z.iso.datetime().nullable(),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().openapi({ description: 'The first 1 KB of the last answer.' }),
    error: z.string().nullable(),
    duration_ms: z.number().nullable(),
    attempt_log: z.array(
      z.object({
        at: z.iso.datetime(),
        response_status: z.number().int().nullable(),
        duration_ms: z.number(),
        error: z.string().nullable(),
      }),
    ),
    payload: z.unknown().openapi({ description: 'The JSON body that is (or was) sent.' }),
    created_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
  })
  .openapi('WebhookDelivery');

export const DeliveryListSchema = listSchema(DeliverySchema, 'WebhookDeliveryList');

export const ListDeliveriesQuery = PageQuerySchema.extend({
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
});
