import type { WebhooksService } from '../../webhooks/index.js';
import { builder, connectionOf, pageArgs, pageQuery, type BuilderTypes } from '../graphql.builder.js';
import { asRoute, restFields } from '../graphql.operations.js';
import { Organization } from './organizations.js';

type WebhookView = Awaited<ReturnType<WebhooksService['get']>>;
type WithSecret = WebhookView & { secret?: string };
type DeliveryView = Awaited<ReturnType<WebhooksService['sendTest']>>;
type DeliveriesQuery = Parameters<WebhooksService['deliveries']>[2];
type Create = Parameters<WebhooksService['create']>[2];
type Update = Parameters<WebhooksService['update']>[2];
type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, WebhookView>;

function webhookFields(t: FieldBuilder) {
  return {
    id: t.exposeID('id'),
    organizationId: t.exposeID('organization_id'),
    url: t.exposeString('url'),
    description: t.exposeString('description', { nullable: true }),
    events: t.exposeStringList('events'),
    projectIds: t.exposeIDList('project_ids'),
    applicationIds: t.exposeIDList('application_ids'),
    enabled: t.exposeBoolean('enabled'),
    disabledReason: t.exposeString('disabled_reason', { nullable: true, description: 'failing or manual.' }),
    disabledAt: t.expose('disabled_at', { type: 'DateTime', nullable: true }),
    consecutiveFailures: t.exposeInt('consecutive_failures'),
    lastSuccessAt: t.expose('last_success_at', { type: 'DateTime', nullable: true }),
    lastFailureAt: t.expose('last_failure_at', { type: 'DateTime', nullable: true }),
    secretHint: t.exposeString('secret_hint'),
    createdBy: t.exposeID('created_by'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
  };
}

const Delivery = builder.objectRef<DeliveryView>('WebhookDelivery').implement({
  description: 'One delivery of an event to a webhook (REST GET /webhooks/{id}/deliveries).',
  fields: (t) => ({
    id: t.exposeID('id'),
    webhookId: t.exposeID('webhook_id'),
    eventId: t.exposeString('event_id'),
    eventType: t.exposeString('event_type'),
    trigger: t.exposeString('trigger', { description: 'event, test or redelivery.' }),
    status: t.exposeString('status', { description: 'pending, succeeded or failed.' }),
    attempts: t.exposeInt('attempts'),
    nextAttemptAt: t.expose('next_attempt_at', { type: 'DateTime', nullable: true }),
    responseStatus: t.exposeInt('response_status', { nullable: true }),
    responseBody: t.exposeString('response_body', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    durationMs: t.exposeFloat('duration_ms', { nullable: true }),
    payload: t.field({ type: 'JSON', nullable: true, resolve: (delivery) => delivery.payload }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    deliveredAt: t.expose('delivered_at', { type: 'DateTime', nullable: true }),
  }),
});

const DeliveryConnection = connectionOf('WebhookDelivery', Delivery, 'Deliveries, newest first.');

export const Webhook = builder.objectRef<WebhookView>('Webhook').implement({
  description: "An organization's webhook endpoint (REST /webhooks; admins, signed-in sessions).",
  fields: (t) => ({
    ...webhookFields(t),
    deliveries: t.field({
      type: DeliveryConnection,
      nullable: true,
      args: { ...pageArgs, status: t.arg.string({ description: 'pending, succeeded or failed.' }) },
      resolve: async (webhook, args, ctx) => {
        const { caller, params, query } = await asRoute<unknown, DeliveriesQuery>(
          ctx,
          'GET /webhooks/:id/deliveries',
          {
            params: { id: webhook.id },
            query: { ...pageQuery(args), ...restFields({ status: args.status }) },
          },
        );
        return ctx.services.webhooks.deliveries(caller.userId, params.id, query);
      },
    }),
  }),
});

const WebhookWithSecret = builder.objectRef<WithSecret>('WebhookWithSecret').implement({
  description: 'A webhook with its signing secret (`whsec_…`): answered once, on creation or rotation.',
  fields: (t) => ({ ...webhookFields(t), secret: t.exposeString('secret', { nullable: true }) }),
});

builder.objectFields(Organization, (t) => ({
  webhooks: t.field({
    type: [Webhook],
    nullable: true,
    description: "The organization's webhooks, newest first (admins, signed-in sessions).",
    resolve: async (organization, _args, ctx) => {
      const { caller, params } = await asRoute(ctx, 'GET /organizations/:id/webhooks', {
        params: { id: organization.id },
      });
      return ctx.services.webhooks.list(caller.userId, params.id);
    },
  }),
}));

builder.queryField('webhook', (t) =>
  t.field({
    type: Webhook,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params } = await asRoute(ctx, 'GET /webhooks/:id', { params: { id: String(args.id) } });
      return ctx.services.webhooks.get(caller.userId, params.id);
    },
  }),
);

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  fields: (t) => ({
    url: t.string({ required: true }),
    events: t.stringList({ required: true }),
    description: t.string(),
    projectIds: t.idList(),
    applicationIds: t.idList(),
  }),
});

const UpdateWebhookInput = builder.inputType('UpdateWebhookInput', {
  fields: (t) => ({
    url: t.string(),
    events: t.stringList(),
    description: t.string(),
    projectIds: t.idList(),
    applicationIds: t.idList(),
    enabled: t.boolean(),
    rotateSecret: t.boolean({ description: 'true issues a new secret (answered in `secret`).' }),
  }),
});

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: WebhookWithSecret,
    nullable: true,
    description: 'Admins with a fresh proof of identity (REST POST /organizations/{id}/webhooks).',
    args: {
      organizationId: t.arg.id({ required: true }),
      input: t.arg({ type: CreateWebhookInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { caller, params, body, context } = await asRoute<Create>(
        ctx,
        'POST /organizations/:id/webhooks',
        {
          params: { id: String(args.organizationId) },
          body: restFields(args.input),
        },
      );
      return ctx.services.webhooks.create(caller.userId, params.id, body, context);
    },
  }),
  updateWebhook: t.field({
    type: WebhookWithSecret,
    nullable: true,
    description: 'Admins with a fresh proof of identity (REST PATCH /webhooks/{id}).',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateWebhookInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params, body, context } = await asRoute<Update>(ctx, 'PATCH /webhooks/:id', {
        params: { id: String(args.id) },
        body: restFields(args.input, ['description']),
      });
      return ctx.services.webhooks.update(caller.userId, params.id, body, context);
    },
  }),
  deleteWebhook: t.boolean({
    nullable: true,
    description: 'Deletes the webhook and its delivery log (REST DELETE /webhooks/{id}).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params, context } = await asRoute(ctx, 'DELETE /webhooks/:id', {
        params: { id: String(args.id) },
      });
      await ctx.services.webhooks.remove(caller.userId, params.id, context);
      return true;
    },
  }),
}));
