import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import {
  CreateWebhookSchema,
  DeliveryListSchema,
  DeliverySchema,
  ListDeliveriesQuery,
  UpdatedWebhookSchema,
  UpdateWebhookSchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from './webhooks.schemas.js';
import { IdParams } from '../../core/schemas.js';
import type { WebhooksService } from './webhooks.service.js';

/**
 * Webhook management: organization admins with a signed-in session (no API tokens, no
 * embedding sessions). Another tenant's webhook or delivery answers 404.
 */
export function registerWebhookRoutes(api: ApiRouter, webhooks: WebhooksService): void {
  const tags = ['Webhooks'];
  const notFound = { description: 'No such webhook among the caller’s organizations' };
  const notAdmin = { description: 'Not an admin of the organization' };

  api.route(
    {
      method: 'get',
      path: '/organizations/:id/webhooks',
      summary: "List an organization's webhooks (admins)",
      tags,
      authenticated: true,
      params: IdParams,
      responses: {
        200: { description: 'Webhooks, newest first', schema: WebhookListSchema },
        403: notAdmin,
        404: { description: 'No such organization among the caller’s' },
      },
    },
    async (req, res) => {
      res.json({ data: await webhooks.list(authOf(req).userId, req.valid.params.id), next_cursor: null });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/organizations/:id/webhooks',
      summary: 'Create a webhook (admins)',
      description:
        'The URL is checked against internal networks in production (webhook_url_not_allowed). The signing secret is in this response only.',
      tags,
      authenticated: true,
      params: IdParams,
      body: CreateWebhookSchema,
      responses: {
        201: { description: 'Created; `secret` is shown this once', schema: WebhookWithSecretSchema },
        403: notAdmin,
        404: { description: 'No such organization among the caller’s' },
        409: { description: 'The organization has 20 webhooks (webhook_limit_reached)' },
      },
    },
    async (req, res) => {
      res
        .status(201)
        .json(
          await webhooks.create(authOf(req).userId, req.valid.params.id, req.valid.body, requestContext(req)),
        );
    },
  );

  api.route(
    {
      method: 'get',
      path: '/webhooks/:id',
      summary: 'Get a webhook (admins)',
      tags,
      authenticated: true,
      params: IdParams,
      responses: { 200: { description: 'Webhook', schema: WebhookSchema }, 403: notAdmin, 404: notFound },
    },
    async (req, res) => {
      res.json(await webhooks.get(authOf(req).userId, req.valid.params.id));
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/webhooks/:id',
      summary: 'Change, enable, disable a webhook or rotate its secret (admins)',
      tags,
      authenticated: true,
      params: IdParams,
      body: UpdateWebhookSchema,
      responses: {
        200: { description: 'Updated', schema: UpdatedWebhookSchema },
        403: notAdmin,
        404: notFound,
      },
    },
    async (req, res) => {
      res.json(
        await webhooks.update(authOf(req).userId, req.valid.params.id, req.valid.body, requestContext(req)),
      );
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/webhooks/:id',
      summary: 'Delete a webhook and its delivery log (admins)',
      tags,
      authenticated: true,
      params: IdParams,
      responses: { 204: { description: 'Deleted' }, 403: notAdmin, 404: notFound },
    },
    async (req, res) => {
      await webhooks.remove(authOf(req).userId, req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'get',
      path: '/webhooks/:id/deliveries',
      summary: "A webhook's delivery log (admins)",
      description: 'Newest first; finished deliveries are kept 30 days.',
      tags,
      authenticated: true,
      params: IdParams,
      query: ListDeliveriesQuery,
      responses: {
        200: { description: 'Deliveries', schema: DeliveryListSchema },
        403: notAdmin,
        404: notFound,
      },
    },
    async (req, res) => {
      res.json(await webhooks.deliveries(authOf(req).userId, req.valid.params.id, req.valid.query));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/webhooks/:id/test',
      summary: 'Send a test event now (admins)',
      description:
        'Sends one `webhook.test` event immediately — one attempt, outside the queue, also to a disabled webhook — and answers with the logged delivery (status, response code, duration).',
      tags,
      authenticated: true,
      params: IdParams,
      responses: {
        200: { description: 'The delivery, succeeded or failed', schema: DeliverySchema },
        403: notAdmin,
        404: notFound,
      },
    },
    async (req, res) => {
      res.json(await webhooks.sendTest(authOf(req).userId, req.valid.params.id));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/webhooks/deliveries/:id/redeliver',
      summary: 'Send the event of a delivery again (admins)',
      description:
        'Queues a new delivery of the same event (same event id and body) behind the webhook’s other events.',
      tags,
      authenticated: true,
      params: IdParams,
      responses: {
        202: { description: 'Queued', schema: DeliverySchema },
        403: notAdmin,
        404: { description: 'No such delivery among the caller’s organizations' },
        409: { description: 'The webhook is disabled, or the delivery is still pending' },
      },
    },
    async (req, res) => {
      res.status(202).json(await webhooks.redeliver(authOf(req).userId, req.valid.params.id));
    },
  );
}
